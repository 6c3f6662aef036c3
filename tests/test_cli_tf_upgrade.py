"""`tfmigrate rewrite --tf-upgrade`: tfmigrate's rules and TensorFlow's upgrade-script
renames in one run, one write per file, and nothing the script would break."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tfmigrate.cli import main

TF1 = (
    "import tensorflow as tf\n"
    "x = tf.placeholder(tf.float32, [None, 3])\n"
    "config = tf.ConfigProto()\n"
    "config.gpu_options.allow_growth = True\n"
    "sess = tf.Session(config=config)\n"
)
MIGRATED = (
    "import tensorflow as tf\n"
    "for gpu in tf.config.list_physical_devices(\"GPU\"):\n"
    "    tf.config.experimental.set_memory_growth(gpu, True)\n"
    "x = tf.compat.v1.placeholder(tf.float32, [None, 3])\n"
    "sess = tf.compat.v1.Session()\n"
)
ONLY_RENAMES = "import tensorflow as tf\nop = tf.train.AdamOptimizer(0.01)\n"


def run(*args: str) -> int:
    return main([*args[:1], "-j", "1", "--no-config", "--no-progress", *args[1:]])


def test_one_run_applies_both_and_a_second_run_changes_nothing(tmp_path, capsys):
    (tmp_path / "train.py").write_text(TF1)
    (tmp_path / "model.py").write_text(ONLY_RENAMES)  # no tfmigrate rule matches it
    assert run("rewrite", "--tf-upgrade", str(tmp_path)) == 1
    assert (tmp_path / "train.py").read_text() == MIGRATED
    assert (tmp_path / "model.py").read_text() == ONLY_RENAMES.replace("tf.train.", "tf.compat.v1.train.")
    capsys.readouterr()
    assert run("rewrite", "--tf-upgrade", "--check", str(tmp_path)) == 0


def test_one_diff_per_file(tmp_path, capsys):
    (tmp_path / "train.py").write_text(TF1)
    assert run("rewrite", "--tf-upgrade", "--diff", str(tmp_path / "train.py")) == 1
    out = capsys.readouterr().out
    assert out.count("--- ") == 1 and "+x = tf.compat.v1.placeholder" in out and "+    tf.config" in out
    assert (tmp_path / "train.py").read_text() == TF1


def test_check_lists_the_rename_sites_at_the_files_own_lines(tmp_path, capsys):
    (tmp_path / "train.py").write_text(TF1)
    assert run("check", "--tf-upgrade", "--format", "json", str(tmp_path / "train.py")) == 1
    sites = [(d["line"], d["code"]) for d in json.loads(capsys.readouterr().out)]
    # line 3's ConfigProto is tfmigrate's own (TFM100), not a rename
    assert sites == [(2, "TFM400"), (3, "TFM100"), (5, "TFM400")]


def test_without_the_option_nothing_is_renamed(tmp_path):
    (tmp_path / "model.py").write_text(ONLY_RENAMES)
    assert run("rewrite", str(tmp_path)) == 0
    assert (tmp_path / "model.py").read_text() == ONLY_RENAMES


def test_a_python_2_file_is_left_byte_for_byte_and_reported(tmp_path, capsys):
    source = b'import tensorflow as tf\nprint "loss", tf.placeholder(tf.float32)\n'
    (tmp_path / "old.py").write_bytes(source)
    assert run("rewrite", "--tf-upgrade", str(tmp_path / "old.py")) == 2
    assert (tmp_path / "old.py").read_bytes() == source
    assert "cannot parse" in capsys.readouterr().err


def test_a_latin_1_file_keeps_its_encoding(tmp_path):
    source = "# -*- coding: latin-1 -*-\nimport tensorflow as tf\nlabel = 'café'\nx = tf.placeholder(tf.float32)\n"
    (tmp_path / "old.py").write_bytes(source.encode("latin-1"))
    assert run("rewrite", "--tf-upgrade", str(tmp_path / "old.py")) == 1
    assert (tmp_path / "old.py").read_bytes() == source.replace("tf.placeholder", "tf.compat.v1.placeholder").encode("latin-1")


@pytest.mark.skipif(sys.version_info < (3, 10), reason="match needs Python 3.10")
def test_new_syntax_keeps_tfmigrates_rewrite_and_says_why_the_script_was_not_used(tmp_path, capsys):
    source = TF1 + (
        "with (open('a') as first, open('b') as second):\n"
        "    match first.read():\n"
        "        case 'x':\n"
        "            y = tf.placeholder(tf.int32)\n"
    )
    (tmp_path / "new.py").write_text(source)
    assert run("rewrite", "--tf-upgrade", str(tmp_path / "new.py")) == 1
    written = (tmp_path / "new.py").read_text()
    assert written.startswith(MIGRATED.replace("tf.compat.v1.placeholder", "tf.placeholder"))
    assert "case 'x':" in written and "tf.placeholder(tf.int32)" in written
    compile(written, "new.py", "exec")
    assert "new.py:1:0: TFM401 the upgrade script crashed on this file" in capsys.readouterr().out


def test_an_error_the_script_reports_is_passed_on_and_its_edits_are_not_kept(tmp_path, capsys):
    source = ONLY_RENAMES + "run_config = tf.contrib.learn.RunConfig()\n"
    (tmp_path / "old.py").write_text(source)
    assert run("rewrite", "--tf-upgrade", str(tmp_path / "old.py")) == 1
    assert (tmp_path / "old.py").read_text() == source
    assert "old.py:3:13: TFM401 the upgrade script reported an error at line 3" in capsys.readouterr().out


def test_no_script_for_that_python_is_an_error_before_any_file_is_touched(tmp_path, capsys):
    (tmp_path / "train.py").write_text(TF1)
    assert run("rewrite", "--tf-upgrade", "--tf-upgrade-python", str(tmp_path / "no-python"), str(tmp_path)) == 2
    assert (tmp_path / "train.py").read_text() == TF1
    assert "tfmigrate: error: --tf-upgrade: the upgrade script did not run" in capsys.readouterr().err


def test_the_python_option_needs_the_upgrade_option(tmp_path, capsys):
    assert run("rewrite", "--tf-upgrade-python", sys.executable, str(tmp_path)) == 2
    assert "--tf-upgrade-python goes with --tf-upgrade" in capsys.readouterr().err


def _cell(*lines: str) -> dict:
    return {"cell_type": "code", "execution_count": 3, "metadata": {"id": "x"}, "outputs": [{"output_type": "stream",
            "name": "stdout", "text": ["kept\n"]}], "source": list(lines)}


def test_a_notebook_is_upgraded_cell_by_cell_and_a_cell_with_magics_is_reported(tmp_path, capsys):
    pytest.importorskip("nbformat")
    cells = [
        _cell("import tensorflow as tf"),
        _cell("config = tf.ConfigProto(allow_soft_placement=True)\n", "sess = tf.Session(config=config)"),
        _cell("%matplotlib inline\n", "x = tf.placeholder(tf.float32)"),
        _cell("y = tf.placeholder(tf.float32)"),
    ]
    nb = {"cells": cells, "metadata": {"kernelspec": {"language": "python", "name": "python3", "display_name": "P"}},
          "nbformat": 4, "nbformat_minor": 5}
    path = tmp_path / "nb.ipynb"
    path.write_text(json.dumps(nb, indent=1) + "\n", encoding="utf-8")
    assert run("rewrite", "--tf-upgrade", str(path)) == 1
    out = json.loads(path.read_text(encoding="utf-8"))["cells"]
    assert out[1]["source"] == ["tf.config.set_soft_device_placement(True)\n", "sess = tf.compat.v1.Session()"]
    assert out[2]["source"] == cells[2]["source"]  # magics: not given to the script
    assert out[3]["source"] == ["y = tf.compat.v1.placeholder(tf.float32)"]
    assert all(cell["outputs"] == cells[0]["outputs"] and cell["metadata"] == {"id": "x"} for cell in out)
    assert "nb.ipynb:cell 3:1:0: TFM401 the cell has IPython magics" in capsys.readouterr().out
    assert run("rewrite", "--tf-upgrade", "--check", str(path)) == 1  # only the cell with magics is left


def test_a_tree_that_needs_no_renames_is_not_parsed_for_the_script(tmp_path, monkeypatch):
    # TF2 code names tensorflow everywhere, but nothing the upgrade script acts on
    (tmp_path / "tf2.py").write_text("import tensorflow as tf\nmodel = tf.keras.Sequential()\n"
                                     "ds = tf.data.Dataset.range(3)\nv = tf.compat.v1.placeholder(tf.float32)\n")
    (tmp_path / "tf1.py").write_text(ONLY_RENAMES)
    import tfmigrate.engine as engine

    parsed = []
    real = engine.rewrite_bytes
    monkeypatch.setattr(engine, "rewrite_bytes", lambda data, *rest: parsed.append(data) or real(data, *rest))
    for path in ("tf2.py", "tf1.py"):
        run("rewrite", "--tf-upgrade", "--check", str(tmp_path / path))
    assert parsed == [ONLY_RENAMES.encode()]


def test_the_prefilter_follows_what_the_script_acts_on():
    from tfmigrate.prefilter import UpgradeNames

    names = UpgradeNames(["tf.placeholder", "tf.train.AdamOptimizer", "tf.contrib", "*.make_one_shot_iterator"])
    assert names.search(b"x = tf.placeholder(tf.float32)")
    assert names.search(b"op = tf.train.AdamOptimizer(0.1)")
    assert names.search(b"cell = tf.contrib.rnn.LSTMCell(4)")
    assert names.search(b"it = dataset.make_one_shot_iterator()")
    assert not names.search(b"x = tf.compat.v1.placeholder(tf.float32)")
    assert not names.search(b"op = tf.keras.optimizers.Adam(0.1)\nit = iter(dataset)")
    assert not names.search(b"placeholder = 1\nmake_one_shot_iterator = None")
    # the script moves a compat.v1 import to tensorflow, whatever names the file uses
    assert names.search(b"import tensorflow.compat.v1 as tf\nprint(tf.constant(1))")
    assert names.search(b"from tensorflow.compat import v1 as tf")
