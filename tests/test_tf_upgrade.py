"""TensorFlow's upgrade script, run by tfmigrate on texts: what is kept and what is not.

These run the script of the TensorFlow installed in this venv (TF 2.21 ships it)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tfmigrate.tf_upgrade import WORKER, ScriptUnavailable, UpgradeScript, upgrade_texts

TF1 = "import tensorflow as tf\nx = tf.placeholder(tf.float32, [None, 3])\nsess = tf.Session()\n"


def upgrade_one(text: str):
    (result,) = upgrade_texts([("file.py", text)])
    return result


def test_renames_are_kept_with_their_notes():
    result = upgrade_one(TF1)
    assert result.reason is None
    assert result.text == (
        "import tensorflow as tf\nx = tf.compat.v1.placeholder(tf.float32, [None, 3])\n"
        "sess = tf.compat.v1.Session()\n"
    )
    assert [(n.line, n.level) for n in result.edits] == [(2, "INFO"), (3, "INFO")]


def test_a_file_without_tf1_names_comes_back_unchanged():
    text = "import os\n\n\ndef f(x):\n    return os.path.join(x, 'a')\n"
    assert upgrade_one(text).text == text


def test_python_2_is_not_kept_where_the_script_would_write_an_empty_file():
    result = upgrade_one('import tensorflow as tf\nprint "step", tf.placeholder(tf.float32)\n')
    assert result.text is None
    assert "cannot parse" in result.reason and "empty file" in result.reason


def test_new_syntax_that_crashes_the_script_spares_the_other_files():
    match_statement = "import tensorflow as tf\nmatch mode:\n    case 1:\n        y = tf.placeholder(tf.float32)\n"
    crashed, after = upgrade_texts([("new.py", match_statement), ("old.py", TF1)])
    assert crashed.text is None and "crashed" in crashed.reason
    assert after.text is not None and "tf.compat.v1.placeholder" in after.text


def test_non_ascii_text_round_trips():
    text = "# -*- coding: latin-1 -*-\nimport tensorflow as tf\nlabel = 'café'\nx = tf.placeholder(tf.float32)\n"
    result = upgrade_one(text)
    assert result.text == text.replace("tf.placeholder", "tf.compat.v1.placeholder")


def test_an_error_the_script_reports_keeps_none_of_its_edits():
    text = "import tensorflow as tf\nx = tf.placeholder(tf.float32)\nrun_config = tf.contrib.learn.RunConfig()\n"
    result = upgrade_one(text)
    assert result.text is None
    assert result.reason.startswith("the upgrade script reported an error at line 3")
    assert sum(n.level == "ERROR" for n in result.notes) == 1


def test_an_empty_file_stays_empty():
    assert upgrade_one("").text == ""


def test_the_worker_never_starts_tensorflow():
    done = subprocess.run([sys.executable, WORKER], input=json.dumps({"name": "a.py", "text": TF1}) + "\n",
                          capture_output=True, text=True, check=True)
    header, result = [json.loads(line) for line in done.stdout.splitlines()]
    assert header["runtime_imported"] is False
    assert "tf.compat.v1.Session()" in result["text"]


def test_one_child_serves_many_texts_and_stops_with_its_input():
    script = UpgradeScript()
    try:
        first = script.upgrade("a.py", TF1)
        second = script.upgrade("b.py", "import tensorflow as tf\nop = tf.train.AdamOptimizer(0.1)\n")
    finally:
        script.close()
    assert "tf.compat.v1.Session()" in first.text
    assert "tf.compat.v1.train.AdamOptimizer(0.1)" in second.text
    assert script._child.returncode == 0


def test_a_folder_without_the_script_is_a_clear_error(tmp_path):
    with pytest.raises(ScriptUnavailable, match="did not run"):
        upgrade_texts([("a.py", TF1)], script_folder=str(tmp_path))


def test_a_result_the_script_would_change_again_is_not_kept():
    # _v2 -> the plain name, which the script's next run takes for TF1's function and
    # wraps its labels in stop_gradient: tfmigrate run twice would change behaviour.
    text = "import tensorflow as tf\nloss = tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=z)\n"
    result = upgrade_one(text)
    assert result.text is None
    assert result.reason.startswith("the upgrade script's result is not final")
