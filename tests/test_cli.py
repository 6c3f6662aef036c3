"""The command line: modes, exit codes, discovery, selection, output format."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tfmigrate.cli import main

TF1 = "import tensorflow as tf\nsess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))\n"
TF2 = "import tensorflow as tf\ntf.config.set_soft_device_placement(True)\nsess = tf.compat.v1.Session()\n"
# allow_growth together with a memory limit has no TF2 form: reported, never rewritten.
UNTRANSLATABLE = (
    "import tensorflow as tf\n"
    "config = tf.ConfigProto()\n"
    "config.gpu_options.allow_growth = True\n"
    "config.gpu_options.per_process_gpu_memory_fraction = 0.5\n"
    "sess = tf.Session(config=config)\n"
)
TFM113_AT_3_1 = "3:1: TFM113 allow_growth with a memory limit meant 'grow on demand up to the limit'"
DEVICE = "import tensorflow as tf\nok = tf.test.is_gpu_available()\n"
CLEAN = "import tensorflow as tf\nprint(tf.constant(1))\n"


def run(*args: str) -> int:
    return main([*args[:1], "-j", "1", "--no-config", *args[1:]])


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "old.py").write_text(TF1)
    (tmp_path / "new.py").write_text(CLEAN)
    return tmp_path


# -- rewrite modes and exit codes ---------------------------------------------------------------


def test_rewrite_writes_and_prints_the_summary_line(tree, capsys):
    assert run("rewrite", str(tree)) == 1
    assert (tree / "old.py").read_text() == TF2
    assert (tree / "new.py").read_text() == CLEAN
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "tfmigrate: 2 files scanned, 1 rewritten, 1 unchanged, 0 failed, 0 diagnostics\n"


def test_nothing_to_do_exits_0(tree, capsys):
    (tree / "old.py").write_text(TF2)
    assert run("rewrite", str(tree)) == 0
    assert capsys.readouterr().err == "tfmigrate: 2 files scanned, 0 rewritten, 2 unchanged, 0 failed, 0 diagnostics\n"


def test_diff_writes_nothing_and_prints_a_unified_diff(tree, capsys):
    assert run("rewrite", "--diff", str(tree / "old.py")) == 1
    assert (tree / "old.py").read_text() == TF1
    out, err = capsys.readouterr()
    path = tree / "old.py"
    assert out == (
        f"--- a/{path}\n+++ b/{path}\n@@ -1,2 +1,3 @@\n import tensorflow as tf\n"
        "-sess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))\n"
        "+tf.config.set_soft_device_placement(True)\n+sess = tf.compat.v1.Session()\n"
    )
    assert err == "tfmigrate: 1 file scanned, 1 would be rewritten, 0 unchanged, 0 failed, 0 diagnostics\n"


def test_check_flag_exit_codes(tree, capsys):
    assert run("rewrite", "--check", str(tree)) == 1
    assert (tree / "old.py").read_text() == TF1
    (tree / "old.py").write_text(TF2)
    assert run("rewrite", "--check", str(tree)) == 0
    (tree / "broken.py").write_text("import tensorflow as tf\nconfig = tf.ConfigProto(\n")
    assert run("rewrite", "--check", str(tree)) == 2
    assert f"{tree / 'broken.py'}: error: cannot parse" in capsys.readouterr().err


def test_untranslatable_site_is_reported_and_exits_1(tmp_path, capsys):
    (tmp_path / "bad.py").write_text(UNTRANSLATABLE)
    assert run("rewrite", str(tmp_path / "bad.py")) == 1
    assert (tmp_path / "bad.py").read_text() == UNTRANSLATABLE
    out, err = capsys.readouterr()
    assert out.startswith(f"{tmp_path / 'bad.py'}:{TFM113_AT_3_1}")
    assert err.endswith(", 1 diagnostic\n")


def test_suppression_comment_silences_the_report(tmp_path, capsys):
    source = UNTRANSLATABLE.replace("= True\n", "= True  # tfmigrate: ignore[TFM113]\n")
    (tmp_path / "bad.py").write_text(source)
    assert run("check", str(tmp_path)) == 0
    assert capsys.readouterr().out == ""


def test_quiet_has_no_summary(tree, capsys):
    assert run("rewrite", "-q", str(tree)) == 1
    assert capsys.readouterr().err == ""


def test_stdin_to_stdout():
    cmd = [sys.executable, "-m", "tfmigrate", "rewrite", "--no-config", "-"]
    done = subprocess.run(cmd, input=TF1.encode(), capture_output=True, timeout=120)
    assert (done.returncode, done.stdout) == (1, TF2.encode())
    done = subprocess.run(cmd, input=CLEAN.encode(), capture_output=True, timeout=120)
    assert (done.returncode, done.stdout) == (0, CLEAN.encode())
    broken = b"import tensorflow as tf\nconfig = tf.ConfigProto(\n"
    done = subprocess.run(cmd, input=broken, capture_output=True, timeout=120)
    assert (done.returncode, done.stdout) == (2, broken)  # passed through untouched
    assert b"<stdin>: error: cannot parse" in done.stderr


def test_stdin_with_diff_prints_a_diff_and_with_check_prints_nothing():
    base = [sys.executable, "-m", "tfmigrate", "rewrite", "--no-config"]
    done = subprocess.run([*base, "--diff", "-"], input=TF1.encode(), capture_output=True, timeout=120)
    assert done.returncode == 1
    assert done.stdout.decode() == (
        "--- a/<stdin>\n+++ b/<stdin>\n@@ -1,2 +1,3 @@\n import tensorflow as tf\n"
        "-sess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))\n"
        "+tf.config.set_soft_device_placement(True)\n+sess = tf.compat.v1.Session()\n"
    )
    done = subprocess.run([*base, "--check", "-"], input=TF1.encode(), capture_output=True, timeout=120)
    assert (done.returncode, done.stdout) == (1, b"")
    for mode in ("--diff", "--check"):
        done = subprocess.run([*base, mode, "-"], input=CLEAN.encode(), capture_output=True, timeout=120)
        assert (done.returncode, done.stdout) == (0, b"")


def test_stdin_cannot_be_mixed_with_paths(tree, capsys):
    assert run("rewrite", "-", str(tree)) == 2
    assert "cannot be combined" in capsys.readouterr().err


def test_no_paths_is_nothing_to_do(capsys):
    # pre-commit may call a hook with an empty file list.
    assert run("rewrite") == 0
    assert run("check") == 0
    assert "0 files scanned" in capsys.readouterr().err


def test_missing_path_fails(tmp_path, capsys):
    assert run("rewrite", str(tmp_path / "nope.py")) == 2
    err = capsys.readouterr().err
    assert f"{tmp_path / 'nope.py'}: skipped: no such file or directory\n" in err
    assert ", 1 failed," in err


# -- selection -------------------------------------------------------------------------------


def test_select_and_ignore(tmp_path, capsys):
    both = tmp_path / "both.py"
    both.write_text(TF1 + "ok = tf.test.is_gpu_available()\n")
    assert run("rewrite", "--select", "TFM3", str(both)) == 1
    assert both.read_text() == TF1 + 'ok = bool(tf.config.list_physical_devices("GPU"))\n'
    both.write_text(TF1 + "ok = tf.test.is_gpu_available()\n")
    assert run("rewrite", "--ignore", "tfm1", str(both)) == 1  # codes are case-insensitive
    assert both.read_text() == TF1 + 'ok = bool(tf.config.list_physical_devices("GPU"))\n'
    both.write_text(TF1)
    assert run("rewrite", "--select", "TFM3", str(both)) == 0
    assert both.read_text() == TF1


def test_selection_that_leaves_no_rule_is_an_error(tree, capsys):
    assert run("rewrite", "--select", "TFM1", "--ignore", "TFM1", str(tree)) == 2
    assert "leave no rule to run" in capsys.readouterr().err
    assert run("rewrite", "--select", "E501", str(tree)) == 2
    assert "E501 is not a rule code" in capsys.readouterr().err
    assert (tree / "old.py").read_text() == TF1


# -- discovery -----------------------------------------------------------------------------


@pytest.mark.parametrize("folder", [".git", "venv", ".venv", "build", "dist", "__pycache__", ".tox",
                                    "node_modules", "pkg.egg-info", ".ipynb_checkpoints"])
def test_tool_folders_are_skipped(tmp_path, folder):
    (tmp_path / folder).mkdir()
    (tmp_path / folder / "x.py").write_text(TF1)
    assert run("rewrite", str(tmp_path)) == 0
    assert (tmp_path / folder / "x.py").read_text() == TF1


def test_a_virtualenv_under_any_name_is_skipped(tmp_path):
    (tmp_path / "env311" / "lib").mkdir(parents=True)
    (tmp_path / "env311" / "pyvenv.cfg").write_text("home = /usr/bin\n")
    (tmp_path / "env311" / "lib" / "x.py").write_text(TF1)
    assert run("rewrite", str(tmp_path)) == 0


def test_exclude_globs(tmp_path, capsys):
    (tmp_path / "legacy").mkdir()
    (tmp_path / "legacy" / "a.py").write_text(TF1)
    (tmp_path / "keep_me.py").write_text(TF1)
    (tmp_path / "gen_config.py").write_text(TF1)
    assert run("rewrite", "--exclude", "legacy", "--exclude", "gen_*.py", str(tmp_path)) == 1
    assert (tmp_path / "legacy" / "a.py").read_text() == TF1
    assert (tmp_path / "gen_config.py").read_text() == TF1
    assert (tmp_path / "keep_me.py").read_text() == TF2
    assert capsys.readouterr().err.startswith("tfmigrate: 1 file scanned")


def test_exclude_applies_to_files_named_on_the_command_line(tmp_path, capsys):
    # pre-commit names every staged file: an excluded file must stay excluded.
    (tmp_path / "gen_config.py").write_text(TF1)
    assert run("rewrite", "--exclude", "gen_*", str(tmp_path / "gen_config.py")) == 0
    assert (tmp_path / "gen_config.py").read_text() == TF1


def test_named_non_python_files_are_skipped(tmp_path, capsys):
    (tmp_path / "notes.md").write_text("Use tf.ConfigProto( to configure\n")
    assert run("rewrite", str(tmp_path / "notes.md")) == 0
    assert (tmp_path / "notes.md").read_text() == "Use tf.ConfigProto( to configure\n"
    assert f"{tmp_path / 'notes.md'}: skipped: not a Python file or notebook" in capsys.readouterr().err


def test_named_script_with_a_python_shebang_is_rewritten(tmp_path):
    script = tmp_path / "train"
    script.write_text("#!/usr/bin/env python3\n" + TF1)
    assert run("rewrite", str(script)) == 1
    assert script.read_text() == "#!/usr/bin/env python3\n" + TF2


# -- progress ---------------------------------------------------------------------------------


def _many(tmp_path: Path) -> None:
    for i in range(60):
        (tmp_path / f"m{i:02}.py").write_text(CLEAN)


def test_no_progress_when_stderr_is_not_a_terminal(tmp_path, capsys):
    _many(tmp_path)
    assert run("rewrite", str(tmp_path)) == 0
    assert "\r" not in capsys.readouterr().err


def test_progress_on_a_terminal(tmp_path, capsys, monkeypatch):
    _many(tmp_path)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert run("rewrite", str(tmp_path)) == 0
    assert "\rtfmigrate: 60/60 files" in capsys.readouterr().err
    assert run("rewrite", "--no-progress", str(tmp_path)) == 0
    assert "\r" not in capsys.readouterr().err


# -- rules and help ---------------------------------------------------------------------------


def test_rules_lists_every_code(capsys):
    assert main(["rules"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("TFM100  ") for line in lines)
    assert any(line.startswith("TFM113  allow_growth together with a memory limit") for line in lines)
    assert main(["rules", "--format", "json"]) == 0
    codes = json.loads(capsys.readouterr().out)
    assert [c for c in codes if c.startswith("TFM1")] and codes == dict(sorted(codes.items()))


@pytest.mark.parametrize("argv", [["--help"], ["rewrite", "--help"], ["check", "--help"]])
def test_help_shows_the_exit_codes(argv, capsys):
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "exit codes:" in out
    for code in ("0  nothing to do", "1  files were rewritten", "2  a file (or notebook cell) could not be read"):
        assert code in out


def test_no_command_prints_help_and_fails(capsys):
    assert main([]) == 2
    assert "COMMAND" in capsys.readouterr().out


def test_bad_target_version_is_an_error(tree, capsys):
    assert run("rewrite", "--target-version", "1.15", str(tree)) == 2
    assert "TensorFlow 2.x release" in capsys.readouterr().err
    assert (tree / "old.py").read_text() == TF1


def test_rewrite_never_writes_when_unchanged(tree):
    before = os.stat(tree / "new.py").st_mtime_ns
    run("rewrite", str(tree))
    assert os.stat(tree / "new.py").st_mtime_ns == before


def test_documented_pre_commit_hooks_exist():
    import re

    root = Path(__file__).resolve().parents[1]
    manifest = (root / ".pre-commit-hooks.yaml").read_text()
    doc = (root / "docs" / "workflow.md").read_text(encoding="utf-8")
    snippet = doc.split("```yaml\n", 1)[1].split("```", 1)[0]
    assert re.findall(r"- id: (\S+)", snippet) == re.findall(r"^- id: (\S+)", manifest, re.M) == [
        "tfmigrate", "tfmigrate-check"]
    assert re.findall(r"^  entry: (.+)$", manifest, re.M) == ["tfmigrate rewrite", "tfmigrate check"]


def test_a_rule_code_that_matches_no_rule_is_an_error(tree, capsys):
    # TFM131 for TFM113 would otherwise silence nothing, silently.
    assert run("rewrite", "--ignore", "TFM131", str(tree)) == 2
    assert "TFM131 matches no rule code" in capsys.readouterr().err
    assert run("rewrite", "--ignore", "TFM11", str(tree)) == 1  # a prefix of real codes is fine
