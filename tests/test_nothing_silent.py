"""Nothing is left in silence (#15), checked by a scanner that does not use the rules
(tests/survivors.py): after `rewrite`, a file that still spells TF1 session-config or
Estimator API gets a report of that family (TFM1xx, TFM2xx) from the next run, so `check`
never calls it clean. Where the rule rewrote part of a file, every surviving spelling of its
family must also stand in a top-level statement (a function, a class, a module statement)
that carries a report: a leftover beside a rewrite is where silence hides (an alias
`ModeKeys = tf.estimator.ModeKeys` once stayed, and failed at import).

Run over every single-file corpus case and every program under tests/ that the Estimator
tests run."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import rewrite
from tests.survivors import silent, survivors

ROOT = Path(__file__).resolve().parent.parent
FAMILY_CODES = {"config": "TFM1", "estimator": "TFM2"}
# Cases whose spellings are not TensorFlow's, by design: the scanner reads tokens, the rules
# read bindings. Each is a no-op case that must stay without any report.
LOOKALIKES = {
    "config_helper_returns_inline_configproto": "the user's own function is named session_config",
    "noop_config_local_class_lookalike": "a local class named ConfigProto",
    "noop_config_mylib_lookalike": "another library's ConfigProto",
    "noop_config_set_session_lookalikes": "set_session methods of the user's classes",
    "noop_estimator_local_tf_object": "a SimpleNamespace called tf",
    "noop_estimator_lookalikes": "a class named RunConfig of the user's",
}


def _files() -> list[Path]:
    corpus = [c for c in sorted((ROOT / "corpus").glob("*/before.py")) if not (c.parent / "args.txt").exists()]
    programs = [p for folder in ("tests/estimator_programs/realistic", "tests/canned_programs")
                for p in sorted((ROOT / folder).glob("*.py")) if p.name[:1] != "_"
                and "estimator" in p.read_text(encoding="utf-8")]
    return corpus + programs


def _name(path: Path) -> str:
    return path.parent.name if path.name == "before.py" else path.name


@pytest.mark.parametrize("path", _files(), ids=_name)
def test_tf1_code_left_after_rewrite_is_reported(path: Path) -> None:
    src = path.read_text(encoding="utf-8")
    new, _ = rewrite(src)
    _, reports = rewrite(new)  # what `check` says of the rewritten file
    left = survivors(new)
    if _name(path) in LOOKALIKES:
        assert not reports, "a lookalike case must stay without any report"
        return
    for family, prefix in FAMILY_CODES.items():
        spelled = [s for s in left if s.family == family]
        family_reports = [d.line for d in reports if d.code.startswith(prefix)]
        assert not spelled or family_reports, f"{family} API left with no {prefix}xx report: {spelled}"
        if new != src and spelled and _rewrote(src, new, family):
            unexplained = [s for s in silent(new, family_reports) if s.family == family]
            assert not unexplained, f"left beside a rewrite, in a statement with no report: {unexplained}"


def _rewrote(src: str, new: str, family: str) -> bool:
    """Did the rewrite remove spellings of this family (so the rule acted on this file)?"""
    before = sum(1 for s in survivors(src) if s.family == family)
    return sum(1 for s in survivors(new) if s.family == family) < before


def test_the_scanner_sees_what_the_issue_lists() -> None:
    src = ("import tensorflow as tf\nfrom tensorflow import estimator\n"
           "c = tf.ConfigProto(gpu_options=tf.GPUOptions())\nc.gpu_options.allow_growth = True\n"
           "s = tf.Session(config=c)\nK.set_session(s)\nr = tf.estimator.RunConfig(session_config=c)\n"
           "spec = tf.estimator.EstimatorSpec\nm = tf.keras.estimator.model_to_estimator\n"
           "l = tf.contrib.learn.RunConfig\n# tf.ConfigProto in a comment\nx = 'tf.estimator'\n")
    found = {(s.line, s.text) for s in survivors(src)}
    assert {(2, "estimator"), (3, "ConfigProto"), (3, "GPUOptions"), (4, "gpu_options"), (5, "Session(config=)"),
            (6, "set_session"), (7, "RunConfig"), (7, "session_config"), (8, "EstimatorSpec"),
            (9, "model_to_estimator"), (10, "contrib.learn")} <= found
    assert not {line for line, _ in found} & {11, 12}  # comments and strings are not code
    assert silent(src, [3]) and not [s for s in silent(src, list(range(1, 13)))]


PROJECTS = [*sorted(p / "before" for p in (ROOT / "corpus" / "projects").iterdir() if (p / "before").is_dir()),
            *sorted(p for p in (ROOT / "tests" / "estimator_projects").iterdir() if (p / "trainer").is_dir())]


@pytest.mark.parametrize("project", PROJECTS, ids=lambda p: p.parent.name if p.name == "before" else p.name)
def test_tf1_code_left_in_a_project_is_reported(project: Path, tmp_path: Path) -> None:
    """The same promise over projects of several modules, rewritten as a folder: every
    module that still spells TF1 session-config or Estimator API after `rewrite` has a
    report of that family from `check` on the project."""
    copy = tmp_path / "project"
    shutil.copytree(project, copy)
    run = [sys.executable, "-m", "tfmigrate"]
    subprocess.run([*run, "rewrite", "--no-config", str(copy)], capture_output=True, timeout=300, check=False)
    done = subprocess.run([*run, "check", "--no-config", "--format", "json", str(copy)], capture_output=True,
                          text=True, timeout=300)
    reports = json.loads(done.stdout or "[]")
    for module in sorted(copy.rglob("*.py")):
        codes = [r["code"] for r in reports if Path(r["path"]) == module]
        for family, prefix in FAMILY_CODES.items():
            spelled = [s for s in survivors(module.read_text()) if s.family == family]
            assert not spelled or any(c.startswith(prefix) for c in codes), \
                f"{module.relative_to(copy)}: {family} API left with no {prefix}xx report: {spelled}"
