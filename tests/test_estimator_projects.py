"""Multi-module Estimator projects (#15), rewritten the way a user runs tfmigrate: on the
whole project folder at once (`tfmigrate rewrite <project>`).

Each folder of tests/estimator_projects/ is a TF1 job laid out as cloud training jobs are
(a `trainer` package run as `python -m trainer.task`), with its TF 2.15 result recorded in
expected.json (record.py there). The rewrite must leave no Estimator API in any module,
and the rewritten job, run on this TF (>= 2.16, Keras 3), must match the reference within
the rules of ../estimator_programs/realistic/compare.py (global_step exactly) on 1 replica
and, through two_replicas.py, on 2.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

tf = pytest.importorskip("tensorflow")
if hasattr(tf, "estimator"):
    pytest.skip("needs TF >= 2.16 (Keras 3, no tf.estimator)", allow_module_level=True)

from tests.test_estimator_realistic import (  # noqa: E402
    ESTIMATOR_SPELLINGS, TWO_REPLICAS, code_only, compare, replica_counts)

HERE = Path(__file__).resolve().parent / "estimator_projects"
EXPECTED = json.loads((HERE / "expected.json").read_text())
PROJECTS = sorted(p.name for p in HERE.iterdir() if (p / "trainer" / "task.py").exists())
MIRRORED = frozenset(p for p in PROJECTS if "MirroredStrategy" in (HERE / p / "trainer" / "task.py").read_text())
TIMEOUT = 300


def test_every_project_has_a_reference() -> None:
    assert PROJECTS and sorted(EXPECTED) == PROJECTS


def run_job(argv: list[str], project: Path) -> subprocess.CompletedProcess:
    tmpdir = project.parent / "tmp"
    tmpdir.mkdir(exist_ok=True)
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3", "CUDA_VISIBLE_DEVICES": "", "TMPDIR": str(tmpdir)}
    return subprocess.run([sys.executable, *argv], capture_output=True, text=True, env=env, cwd=project,
                          timeout=TIMEOUT)


def matches(name: str, proc: subprocess.CompletedProcess, label: str) -> None:
    assert proc.returncode == 0, f"{name} ({label}) failed:\n{proc.stderr[-4000:]}"
    reasons = compare.compare(EXPECTED[name], proc.stdout)
    assert not reasons, f"{name} ({label}) differs from TF 2.15:\n" + "\n".join(reasons)


@pytest.mark.parametrize("name", PROJECTS)
def test_project(name: str, tmp_path: Path) -> None:
    project = tmp_path / name
    shutil.copytree(HERE / name, project)
    done = subprocess.run([sys.executable, "-m", "tfmigrate", "rewrite", str(project)], capture_output=True,
                          text=True, timeout=TIMEOUT)
    assert done.returncode == 1 and "0 failed, 0 diagnostics" in done.stderr, done.stdout + done.stderr
    for module in sorted(project.rglob("*.py")):
        left = [s for s in ESTIMATOR_SPELLINGS if s in code_only(module.read_text())]
        assert not left, f"{module.relative_to(project)} still uses {left}:\n{done.stderr}"
    again = subprocess.run([sys.executable, "-m", "tfmigrate", "check", str(project)], capture_output=True,
                           text=True, timeout=TIMEOUT)
    assert again.returncode == 0, again.stdout + again.stderr  # nothing left, nothing to say

    matches(name, run_job(["-m", "trainer.task"], project), "1 replica")
    if name in MIRRORED:
        proc = run_job([str(TWO_REPLICAS), "-m", "trainer.task"], project)
        matches(name, proc, "2 replicas")
        assert 2 in replica_counts(proc.stderr), proc.stderr[-2000:]


def test_each_module_alone_is_reported_not_rewritten(tmp_path: Path) -> None:
    """Given one module of a project, tfmigrate cannot see the other: the driver is left
    with a report that says to run on the project, and so is the model_fn's module."""
    for name in ("custom_model_fn", "model_fn_factory"):
        for module in ("task.py", "model.py"):
            path = tmp_path / f"{name}_{module}"
            shutil.copyfile(HERE / name / "trainer" / module, path)
            before = path.read_text()
            done = subprocess.run([sys.executable, "-m", "tfmigrate", "check", "--format", "json", str(path)],
                                  capture_output=True, text=True, timeout=TIMEOUT)
            codes = {site["code"] for site in json.loads(done.stdout or "[]")}
            assert done.returncode == 1 and any(c.startswith("TFM2") for c in codes), (name, module, done.stdout)
            assert path.read_text() == before
