"""Corpus cases of several modules (corpus/projects/<case>/), run as a user runs tfmigrate:
on the project folder at once, through the CLI.

Each case has `before/` (the project), `after/` (the exact expected tree; absent for a
no-op case, which must stay byte for byte) and `sites.txt` (what `tfmigrate check
--format json` lists for `before/`, one `path:LINE:COL: CODE` a line, paths relative to
the project). A second `rewrite` changes nothing, and `check` on the result lists no
Estimator site of a rewritten file.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted(p for p in (ROOT / "corpus" / "projects").iterdir() if (p / "before").is_dir())


def tfmigrate(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tfmigrate", *args, "--no-config"], capture_output=True, text=True,
                          timeout=300)


def tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.suffix in (".py", ".ipynb")}


def sites(folder: Path) -> list[str]:
    done = tfmigrate("check", "--format", "json", str(folder))
    assert done.returncode in (0, 1), done.stderr
    return sorted(f"{Path(s['path']).relative_to(folder)}:{s['line']}:{s['col']}: {s['code']}"
                  for s in json.loads(done.stdout or "[]"))


def test_more_no_op_cases_than_transform_cases() -> None:
    noop = [c for c in CASES if not (c / "after").exists()]
    assert len(noop) > len(CASES) - len(noop) > 0


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_project_case(case: Path, tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(case / "before", project)
    expected_sites = (case / "sites.txt").read_text().splitlines() if (case / "sites.txt").exists() else []
    assert sites(project) == sorted(expected_sites)
    done = tfmigrate("rewrite", str(project))
    assert done.returncode in (0, 1), done.stderr
    expected = tree(case / "after") if (case / "after").exists() else tree(case / "before")
    assert tree(project) == expected
    again = tfmigrate("rewrite", str(project))
    assert again.returncode in (0, 1) and tree(project) == expected, "a second run changed the project"
    if (case / "after").exists():
        rewritten = {path for path, data in expected.items() if data != tree(case / "before").get(path)}
        left = [s for s in sites(project) if s.split(":")[0] in rewritten and " TFM2" in s]
        assert not left, left


def _drivers(after: Path) -> list[str]:
    """The modules of a rewritten project that train (call fit), as `python -m` names."""
    return [".".join(p.relative_to(after).with_suffix("").parts) for p in sorted(after.rglob("*.py"))
            if ".fit(" in p.read_text()]


@pytest.mark.parametrize("case", [c for c in CASES if (c / "after").exists()], ids=lambda c: c.name)
def test_rewritten_project_runs(case: Path, tmp_path: Path) -> None:
    """Each module of a rewritten project that trains runs on this TensorFlow (Keras 3), as
    `python -m` from the project's root: the modules import what the rewrite left them (a
    model_fn's old name imported from its module would fail here)."""
    tf = pytest.importorskip("tensorflow")
    if hasattr(tf, "estimator"):
        pytest.skip("needs TF >= 2.16 (Keras 3, no tf.estimator)")
    project = tmp_path / "project"
    shutil.copytree(case / "after", project)
    drivers = _drivers(project)
    assert drivers
    for module in drivers:
        done = subprocess.run([sys.executable, "-m", module], cwd=project, capture_output=True, text=True,
                              timeout=300, env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3",
                                                "CUDA_VISIBLE_DEVICES": ""})
        assert done.returncode == 0, f"{module}:\n{done.stderr[-3000:]}"


def test_projects_side_by_side_in_one_run(tmp_path: Path) -> None:
    """Every case of corpus/projects copied under one folder and rewritten in one run gives
    each case's own result: a `trainer/model.py` of one project is never taken for another's
    (module names resolve from each file's own folder, a notebook's imports from its cells)."""
    for case in CASES:
        shutil.copytree(case / "before", tmp_path / case.name)
    done = tfmigrate("rewrite", str(tmp_path))
    assert done.returncode in (0, 1), done.stderr
    for case in CASES:
        expected = tree(case / "after") if (case / "after").exists() else tree(case / "before")
        assert tree(tmp_path / case.name) == expected, case.name
