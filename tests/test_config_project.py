"""The project-wide pass (tfmigrate/project_index.py, codemods/_config_project.py): a
config helper in one file and its callers in others. Each corpus/*config_project_*
case is a folder `before/` (and `after/` when it is rewritten): the real CLI rewrites a
copy of it, must produce `after/` exactly with the reports of `diagnostics.txt`, and a
second run must change nothing and report the same sites."""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tfmigrate.cli import main
from tfmigrate.project_index import Export, ProjectIndex, Use

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
CASES = sorted(p for p in CORPUS.glob("*config_project_*") if (p / "before").is_dir())


def _run(folder: Path, *args: str) -> tuple[int, list[str]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(["rewrite", "--no-config", *args, str(folder)])
    prefix = str(folder) + os.sep
    return code, sorted(" ".join(line.replace(prefix, "").split(" ")[:2]) for line in out.getvalue().splitlines()
                        if " TFM" in line)


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*.py"))}


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
@pytest.mark.parametrize("jobs", ["1", "4"])
def test_project_case(tmp_path: Path, case: Path, jobs: str) -> None:
    work = tmp_path / "project"
    shutil.copytree(case / "before", work)
    _, reports = _run(work, "-j", jobs)
    expected = case / "after" if (case / "after").is_dir() else case / "before"
    assert _files(work) == _files(expected)
    diagnostics = case / "diagnostics.txt"
    assert reports == (diagnostics.read_text().split("\n")[:-1] if diagnostics.exists() else [])
    again, second = _run(work, "-j", jobs)
    assert _files(work) == _files(expected), "a second run changed the project"
    assert second == reports


def test_project_cases_are_named_for_what_they_do() -> None:
    assert CASES
    for case in CASES:
        assert case.name.startswith("noop_") == (not (case / "after").is_dir()), case.name


def test_check_and_diff_write_nothing(tmp_path: Path) -> None:
    case = CORPUS / "config_project_helper_in_utils"
    work = tmp_path / "project"
    shutil.copytree(case / "before", work)
    code, _ = _run(work, "--check")
    assert code == 1 and _files(work) == _files(case / "before")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        main(["rewrite", "--no-config", "--diff", str(work)])
    assert "+    utils.get_session_config()" in out.getvalue() and "-    return config" in out.getvalue()
    assert _files(work) == _files(case / "before")


def test_a_notebook_that_calls_the_helper_keeps_it(tmp_path: Path) -> None:
    pytest.importorskip("nbformat")
    case = CORPUS / "config_project_helper_in_utils"
    work = tmp_path / "project"
    shutil.copytree(case / "before", work)
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                           "source": ["import utils\n", "config = utils.get_session_config()\n",
                                      "config.log_device_placement = True"]}],
                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (work / "explore.ipynb").write_text(json.dumps(notebook))
    _, reports = _run(work)
    assert (work / "utils.py").read_bytes() == (case / "before" / "utils.py").read_bytes()
    # The callers' sessions keep the helper's config: each says so, pointing to utils.py.
    assert reports == ["evaluate.py:7:14: TFM120", "train.py:8:28: TFM120", "utils.py:5:5: TFM120"]


def test_one_file_alone_is_what_it_was(tmp_path: Path) -> None:
    # Given alone, a helper's callers cannot be seen: it is reported as before.
    case = CORPUS / "config_project_helper_in_utils"
    shutil.copy(case / "before" / "utils.py", tmp_path / "utils.py")
    _, reports = _run(tmp_path / "utils.py")
    assert [r.rsplit("/", 1)[-1] for r in reports] == ["utils.py:5:5: TFM120"]


# -- resolving imports and deciding -------------------------------------------------------


def test_imports_resolve_by_file(tmp_path: Path) -> None:
    files = ["app/train.py", "app/utils.py", "pkg/__init__.py", "pkg/sub/__init__.py", "pkg/sub/conf.py",
             "pkg/sub/run.py", "pkg/top.py"]
    index = ProjectIndex([str(tmp_path / f) for f in files])
    root = str(tmp_path)
    assert index.module_file(f"{root}/app/train.py", "utils") == f"{root}/app/utils.py"  # beside the script
    assert index.module_file(f"{root}/pkg/sub/run.py", ".conf") == f"{root}/pkg/sub/conf.py"
    assert index.module_file(f"{root}/pkg/sub/run.py", "..top") == f"{root}/pkg/top.py"
    assert index.module_file(f"{root}/pkg/sub/run.py", "pkg.sub.conf") == f"{root}/pkg/sub/conf.py"  # a package root
    assert index.module_file(f"{root}/pkg/sub/run.py", "pkg.sub") == f"{root}/pkg/sub/__init__.py"
    assert index.module_file(f"{root}/app/train.py", "numpy") is None
    index.exports[(f"{root}/pkg/sub/conf.py", "get_config")] = Export(f"{root}/pkg/sub/conf.py", "get_config", 3, True)
    assert index.export_for(f"{root}/pkg/sub/run.py", ".conf.get_config").name == "get_config"
    assert index.export_for(f"{root}/app/train.py", "pkg.sub.conf.get_config").name == "get_config"
    assert index.export_for(f"{root}/app/train.py", "pkg.sub.conf.other") is None


def test_every_use_must_pass_the_config_through():
    index = ProjectIndex(["/p/u.py", "/p/a.py", "/p/b.py"])
    key = ("/p/u.py", "cfg")
    index.exports[key] = Export(*key, 3, True, (("intra_threads", "set(2)"),))
    index.uses = [Use("/p/a.py", key, 5, True), Use("/p/b.py", key, 9, False)]
    decision = index.decide()[key]
    assert not decision.rewrite and "b.py:9" in decision.reason
    index.uses = [Use("/p/a.py", key, 5, True)]
    assert index.decide()[key].rewrite
    index.file_settings["/p/a.py"] = [("intra_threads", "set(4)", 12)]
    decision = index.decide()[key]
    assert not decision.rewrite and decision.code == "TFM122" and decision.against == (("/p/a.py", 12),)


# -- executed ----------------------------------------------------------------------------

PROBE = r'''
import json, os, runpy, sys
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
mode, path = sys.argv[1], sys.argv[2]
if mode == "tf1":
    import tensorflow.compat.v1 as v1
    v1.disable_v2_behavior()
    sys.modules["tensorflow"] = v1
from google.protobuf import json_format
from tensorflow.python.client import session as session_lib

seen = []
original = session_lib.Session.__init__


def record(self, *args, **kwargs):
    original(self, *args, **kwargs)
    seen.append(json_format.MessageToDict(self._config, preserving_proto_field_name=True))


session_lib.Session.__init__ = record
sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
sys.argv = [path]
runpy.run_path(path, run_name="__main__")
print(json.dumps(seen))
'''

UTILS = '''import tensorflow as tf


def get_config_proto(log_device_placement=False, num_intra_threads=0):
    config_proto = tf.ConfigProto(log_device_placement=log_device_placement)
    config_proto.gpu_options.allow_growth = True
    if num_intra_threads:
        config_proto.intra_op_parallelism_threads = num_intra_threads
    return config_proto
'''
TRAIN = '''import tensorflow as tf

import utils

config = utils.get_config_proto(log_device_placement=True, num_intra_threads=3)
sess = tf.Session(config=config)
'''


def test_the_rewritten_project_keeps_its_settings(tmp_path: Path) -> None:
    pytest.importorskip("tensorflow")
    before, after = tmp_path / "before", tmp_path / "after"
    for folder in (before, after):
        folder.mkdir()
        (folder / "utils.py").write_text(UTILS)
        (folder / "train.py").write_text(TRAIN)
    _run(after, "-j", "1")
    assert "tf.Session(" not in (after / "train.py").read_text()
    assert "return" not in (after / "utils.py").read_text()
    (tmp_path / "probe.py").write_text(PROBE)
    fields = {"log_device_placement": False, "intra_op_parallelism_threads": 0}

    def sessions(mode: str, folder: Path) -> list[dict]:
        proc = subprocess.run([sys.executable, str(tmp_path / "probe.py"), mode, str(folder / "train.py")],
                              capture_output=True, text=True, timeout=240, cwd=folder)
        assert proc.returncode == 0, proc.stderr[-3000:]
        return [{f: s.get(f, d) for f, d in fields.items()} for s in json.loads(proc.stdout.splitlines()[-1])]

    tf1, tf2 = sessions("tf1", before), sessions("tf2", after)
    assert tf1 == [{"log_device_placement": True, "intra_op_parallelism_threads": 3}] and tf2 == tf1


# -- TensorFlow taken from another file of the project -----------------------------------------

OPS_STAR = '''import tensorflow as tf


def dense(x, units):
    return tf.layers.dense(x, units)
'''
TRAIN_STAR = '''from ops import *

config = tf.ConfigProto(allow_soft_placement=True, intra_op_parallelism_threads=2, log_device_placement=True)
sess = tf.Session(config=config)
'''


def test_tf_bindings_are_read_from_plain_module_level_imports_only():
    from tfmigrate.project_index import tf_bindings

    assert tf_bindings(b"import tensorflow as tf\nimport numpy as np\n") == ({"tf": "tensorflow"}, True)
    assert tf_bindings(b"import tensorflow.compat.v1 as tf1\n__all__ = ['f']\n") == (
        {"tf1": "tensorflow.compat.v1"}, False)
    assert tf_bindings(b"try:\n    import tensorflow as tf\nexcept ImportError:\n    tf = None\n")[0] == {}
    assert tf_bindings(b"import tensorflow as tf\ntf = tf.compat.v1\n")[0] == {}  # rebound: not followed
    assert tf_bindings(b"import tensorflow as tf\nimport tensorflow.compat.v1 as tf\n")[0] == {}


def test_a_star_import_gives_tf_only_from_project_modules(tmp_path: Path) -> None:
    from tfmigrate.project_index import tf_bindings

    (tmp_path / "ops.py").write_text(OPS_STAR)
    index = ProjectIndex([str(tmp_path / "ops.py"), str(tmp_path / "train.py")])
    index.tf_names[str(tmp_path / "ops.py")] = tf_bindings(OPS_STAR.encode())
    importer = str(tmp_path / "train.py")
    assert index.tf_module(importer, "ops", "tf", star=True) == "tensorflow"
    assert index.tf_module(importer, "ops", "np", star=True) is None
    assert index.tf_module(importer, "numpy", "tf", star=True) is None  # not a file of the project


def test_a_config_with_tf_from_a_star_import_keeps_its_settings(tmp_path: Path) -> None:
    pytest.importorskip("tensorflow")
    before, after = tmp_path / "before", tmp_path / "after"
    for folder in (before, after):
        folder.mkdir()
        (folder / "ops.py").write_text(OPS_STAR)
        (folder / "train.py").write_text(TRAIN_STAR)
    code, reports = _run(after, "-j", "1")
    assert reports == [] and "ConfigProto" not in (after / "train.py").read_text()
    assert _run(after, "-j", "1")[0] == 0 and (after / "ops.py").read_text() == OPS_STAR
    (tmp_path / "probe.py").write_text(PROBE)
    fields = {"allow_soft_placement": False, "intra_op_parallelism_threads": 0, "log_device_placement": False}

    def sessions(mode: str, folder: Path) -> list[dict]:
        proc = subprocess.run([sys.executable, str(tmp_path / "probe.py"), mode, str(folder / "train.py")],
                              capture_output=True, text=True, timeout=240, cwd=folder)
        assert proc.returncode == 0, proc.stderr[-3000:]
        return [{f: s.get(f, d) for f, d in fields.items()} for s in json.loads(proc.stdout.splitlines()[-1])]

    tf1, tf2 = sessions("tf1", before), sessions("tf2", after)
    assert tf1 == [{"allow_soft_placement": True, "intra_op_parallelism_threads": 2, "log_device_placement": True}]
    assert tf2 == tf1
