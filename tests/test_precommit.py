"""The pre-commit hooks, run by the real pre-commit against a copy of this working tree.

pre-commit installs a repository at a commit, so the working tree (tracked files and new
ones not ignored) is copied into a throw-away git repository and committed there. The
hook environment is built from PyPI (LibCST, nbformat; never TensorFlow), so these tests
need the network and take about a minute. Deselect them with `-m "not precommit"`.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.precommit
pytest.importorskip("pre_commit", reason="pre-commit is not installed (pip install pre-commit)")

ROOT = Path(__file__).resolve().parents[1]

TF1 = "import tensorflow as tf\nsess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))\n"
TF2 = "import tensorflow as tf\ntf.config.set_soft_device_placement(True)\nsess = tf.compat.v1.Session()\n"
UNTRANSLATABLE = (
    "import tensorflow as tf\n"
    "config = tf.ConfigProto()\n"
    "config.gpu_options.allow_growth = True\n"
    "config.gpu_options.per_process_gpu_memory_fraction = 0.5\n"
    "sess = tf.Session(config=config)\n"
)
NOTEBOOK = {
    "cells": [
        {"cell_type": "code", "execution_count": 1, "id": "c1", "metadata": {}, "outputs": [],
         "source": ["%cd ..\n", "import tensorflow as tf"]},
        {"cell_type": "code", "execution_count": 2, "id": "c2", "metadata": {}, "outputs": [
            {"name": "stdout", "output_type": "stream", "text": ["ok\n"]}],
         "source": ["sess = tf.Session(config=tf.ConfigProto(log_device_placement=True))\n", "print('ok')"]},
    ],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}


def _dump(nb: dict) -> str:
    return json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def _env(home: Path) -> dict:
    env = dict(os.environ)
    env.update(PRE_COMMIT_HOME=str(home), GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.com", PRE_COMMIT_COLOR="never")
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    env.pop("PRE_COMMIT", None)
    return env


def _run(cmd: list[str], cwd: Path, env: dict, timeout: int = 600) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def _git(cwd: Path, env: dict, *args: str) -> subprocess.CompletedProcess:
    done = _run(["git", *args], cwd, env)
    assert done.returncode == 0, done.stderr
    return done


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory) -> tuple[Path, str]:
    """A git repository holding a copy of this working tree, committed: (path, commit)."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    env = _env(tmp_path_factory.mktemp("unused-home"))
    copy = tmp_path_factory.mktemp("hook-repo")
    listed = _run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], ROOT, env)
    assert listed.returncode == 0, listed.stderr
    for name in filter(None, listed.stdout.split("\0")):
        source = ROOT / name
        if source.is_file():  # a tracked file deleted in the working tree is not copied
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / name)
    _git(copy, env, "init", "-q")
    _git(copy, env, "add", "-A")
    _git(copy, env, "commit", "-q", "-m", "working tree")
    return copy, _git(copy, env, "rev-parse", "HEAD").stdout.strip()


@pytest.fixture
def project(tmp_path: Path) -> tuple[Path, dict]:
    work = tmp_path / "project"
    work.mkdir()
    env = _env(tmp_path / "pre-commit-home")
    _git(work, env, "init", "-q")
    return work, env


def _output_of_hook(output: str, hook_id: str) -> str:
    """The block pre-commit prints under one hook (from its `- hook id:` line on)."""
    start = output.index(f"- hook id: {hook_id}")
    end = output.find("- hook id:", start + 1)
    return output[start:end if end != -1 else None]


def test_try_repo_fixes_then_checks(hook_repo, project):
    repo, _ = hook_repo
    work, env = project
    (work / "train.py").write_text(TF1)
    (work / "explore.ipynb").write_text(_dump(NOTEBOOK))
    (work / "manual.py").write_text(UNTRANSLATABLE)
    (work / "broken.py").write_text("def f(:\n")  # not Python, but nothing to do with TF
    (work / "notes.txt").write_text("tf.ConfigProto( is what we used to call\n")
    _git(work, env, "add", "-A")

    # Both hooks, in the order of the manifest: the fixer rewrites, then the checker reports.
    done = _run([sys.executable, "-m", "pre_commit", "try-repo", str(repo), "--all-files"], work, env)
    output = done.stdout + done.stderr
    assert "Traceback" not in output, output  # the hook crashed, e.g. the installed package is broken
    assert done.returncode == 1, output

    assert (work / "train.py").read_text() == TF2
    rewritten = json.loads((work / "explore.ipynb").read_text())
    assert rewritten["cells"][0]["source"] == ["%cd ..\n", "import tensorflow as tf"]
    assert rewritten["cells"][1]["source"] == ["tf.debugging.set_log_device_placement(True)\n",
                                               "sess = tf.compat.v1.Session()\n", "print('ok')"]
    assert rewritten["cells"][1]["outputs"] == NOTEBOOK["cells"][1]["outputs"]
    assert (work / "manual.py").read_text() == UNTRANSLATABLE
    assert (work / "broken.py").read_text() == "def f(:\n"
    assert (work / "notes.txt").read_text() == "tf.ConfigProto( is what we used to call\n"

    fixer = _output_of_hook(output, "tfmigrate")
    assert "files were modified by this hook" in fixer
    checker = _output_of_hook(output, "tfmigrate-check")
    assert "exit code: 1" in checker
    site = [line for line in checker.splitlines() if line.startswith("manual.py:")]
    assert len(site) == 1 and site[0].startswith("manual.py:3:1: TFM113 allow_growth with a memory limit")
    assert "train.py:" not in checker and "explore.ipynb:" not in checker  # already fixed


def test_commit_is_fixed_then_passes_and_the_checker_blocks_what_is_left(hook_repo, project):
    repo, commit = hook_repo
    work, env = project
    (work / ".pre-commit-config.yaml").write_text(
        f"repos:\n- repo: {repo}\n  rev: {commit}\n  hooks:\n  - id: tfmigrate\n  - id: tfmigrate-check\n")
    _git(work, env, "add", ".pre-commit-config.yaml")
    _git(work, env, "commit", "-q", "-m", "config")  # no Python staged: the hooks have no files
    done = _run([sys.executable, "-m", "pre_commit", "install"], work, env)
    assert done.returncode == 0, done.stdout + done.stderr

    (work / "train.py").write_text(TF1)
    _git(work, env, "add", "train.py")
    first = _run(["git", "commit", "-m", "train"], work, env)
    assert "Traceback" not in first.stdout + first.stderr, first.stdout + first.stderr
    assert first.returncode != 0, first.stdout + first.stderr
    assert "files were modified by this hook" in first.stdout + first.stderr
    assert (work / "train.py").read_text() == TF2

    _git(work, env, "add", "train.py")
    second = _run(["git", "commit", "-m", "train"], work, env)
    assert second.returncode == 0, second.stdout + second.stderr
    assert "Passed" in second.stdout + second.stderr

    (work / "manual.py").write_text(UNTRANSLATABLE)
    _git(work, env, "add", "manual.py")
    blocked = _run(["git", "commit", "-m", "manual"], work, env)
    assert blocked.returncode != 0
    assert "manual.py:3:1: TFM113 " in blocked.stdout + blocked.stderr

    # A human looked at it and decided: the suppression comment lets it through.
    (work / "manual.py").write_text(UNTRANSLATABLE.replace("= True\n", "= True  # tfmigrate: ignore[TFM113]\n"))
    _git(work, env, "add", "manual.py")
    allowed = _run(["git", "commit", "-m", "manual"], work, env)
    assert allowed.returncode == 0, allowed.stdout + allowed.stderr

    # Non-Python files and an empty commit go through untouched.
    (work / "README.md").write_text("Set tf.ConfigProto( here\n")
    _git(work, env, "add", "README.md")
    assert _run(["git", "commit", "-m", "docs"], work, env).returncode == 0
    assert _run(["git", "commit", "--allow-empty", "-m", "empty"], work, env).returncode == 0
    assert (work / "README.md").read_text() == "Set tf.ConfigProto( here\n"
