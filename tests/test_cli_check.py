"""`tfmigrate check`: lint mode. Lists every TF1 site, fixable or not, writes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_cli import CLEAN, TF1, TFM113_AT_3_1, UNTRANSLATABLE
from tfmigrate import __version__
from tfmigrate.cli import main

DEVICE = "import tensorflow as tf\nok = tf.test.is_gpu_available()\n"


def check(*args: str) -> int:
    return main(["check", "-j", "1", "--no-config", *args])


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "a_fixable.py").write_text(TF1)
    (tmp_path / "b_device.py").write_text(DEVICE)
    (tmp_path / "c_manual.py").write_text(UNTRANSLATABLE)
    (tmp_path / "d_clean.py").write_text(CLEAN)
    return tmp_path


def _snapshot(tree: Path) -> dict:
    return {p.name: p.read_bytes() for p in tree.iterdir()}


def test_text_lists_fixable_and_unfixable_sites_and_writes_nothing(tree, capsys):
    before = _snapshot(tree)
    assert check(str(tree)) == 1
    assert _snapshot(tree) == before
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0] == f"{tree / 'a_fixable.py'}:2:26: TFM100 ConfigProto settings that become tf.config calls"
    assert lines[1].startswith(f"{tree / 'b_device.py'}:2:6: TFM300 ")
    assert lines[2].startswith(f"{tree / 'c_manual.py'}:{TFM113_AT_3_1}")
    assert len(lines) == 3
    assert err == "tfmigrate: 4 files scanned, 3 sites in 3 files, 0 failed\n"


def test_nothing_left_exits_0(tmp_path, capsys):
    (tmp_path / "clean.py").write_text(CLEAN)
    assert check(str(tmp_path)) == 0
    assert capsys.readouterr() == ("", "tfmigrate: 1 file scanned, 0 sites in 0 files, 0 failed\n")


def test_unparseable_file_exits_2_and_is_left_alone(tmp_path, capsys):
    broken = tmp_path / "broken.py"
    broken.write_bytes(b"import tensorflow as tf\nconfig = tf.ConfigProto(\n")
    assert check(str(tmp_path)) == 2
    assert broken.read_bytes() == b"import tensorflow as tf\nconfig = tf.ConfigProto(\n"
    assert f"{broken}: error: cannot parse" in capsys.readouterr().err


def test_select_limits_the_report(tree, capsys):
    assert check("--select", "TFM3", str(tree)) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and " TFM300 " in out


def test_json_format(tree, capsys):
    assert check("--format", "json", str(tree)) == 1
    report = json.loads(capsys.readouterr().out)
    assert [(Path(d["path"]).name, d["line"], d["col"], d["code"]) for d in report] == [
        ("a_fixable.py", 2, 26, "TFM100"), ("b_device.py", 2, 6, "TFM300"), ("c_manual.py", 3, 1, "TFM113"),
    ]
    assert set(report[0]) == {"path", "line", "col", "code", "message"}


def test_json_format_with_nothing_left_is_an_empty_list(tmp_path, capsys):
    (tmp_path / "clean.py").write_text(CLEAN)
    assert check("--format", "json", str(tmp_path)) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_sarif_format(tree, capsys):
    assert check("--format", "sarif", str(tree)) == 1
    log = json.loads(capsys.readouterr().out)
    assert log["version"] == "2.1.0"
    assert log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert (driver["name"], driver["version"]) == ("tfmigrate", __version__)
    rule_ids = [r["id"] for r in driver["rules"]]
    assert "TFM113" in rule_ids and rule_ids == sorted(rule_ids)
    assert run["invocations"] == [{"executionSuccessful": True, "toolExecutionNotifications": []}]
    manual = [r for r in run["results"] if r["ruleId"] == "TFM113"]
    assert len(run["results"]) == 3 and len(manual) == 1
    (result,) = manual
    assert rule_ids[result["ruleIndex"]] == "TFM113"
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "file://" + str(tree / "c_manual.py")
    assert location["region"] == {"startLine": 3, "startColumn": 1}
    assert result["message"]["text"].startswith("allow_growth with a memory limit")


def test_sarif_relative_paths_and_failures(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("my dir").mkdir()
    Path("my dir/manual.py").write_text(UNTRANSLATABLE)
    Path("my dir/broken.py").write_text("import tensorflow as tf\nconfig = tf.ConfigProto(\n")
    assert check("--format", "sarif", "my dir") == 2
    (run,) = json.loads(capsys.readouterr().out)["runs"]
    uris = [(r["ruleId"], r["level"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
            for r in run["results"]]
    # The file that could not be read is a result too (TFM001), so a reader of results alone sees it.
    assert uris[0] == ("TFM001", "error", "my%20dir/broken.py")
    assert uris[1][1:] == ("warning", "my%20dir/manual.py")
    (invocation,) = run["invocations"]
    assert invocation["executionSuccessful"] is False
    (note,) = invocation["toolExecutionNotifications"]
    assert note["level"] == "error" and note["message"]["text"].startswith("cannot parse")
    assert note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "my%20dir/broken.py"


def test_stdin_is_refused(capsys):
    assert check("-") == 2
    assert "rewrite --check -" in capsys.readouterr().err


def test_reports_over_the_corpus_are_the_same_bytes_from_run_to_run(tmp_path):
    """LibCST keeps a name's references in a set ordered by object ids, and string hashes
    change with PYTHONHASHSEED: a message that names "line N" of one of several uses must
    still name the same one in every process (the notebook corpus has its own test)."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    outputs = set()
    for seed in ("1", "2"):
        done = subprocess.run([sys.executable, "-m", "tfmigrate", "check", "--no-config", "--no-progress", "-q",
                               "--format", "json", "-j", "2", "corpus", "tests/estimator_programs",
                               "tests/canned_programs"], capture_output=True, text=True, cwd=root,
                              env={**os.environ, "PYTHONHASHSEED": seed})
        assert done.returncode in (1, 2), done.stderr
        assert json.loads(done.stdout)
        outputs.add(done.stdout)
    assert len(outputs) == 1
