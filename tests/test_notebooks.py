"""Notebooks: code cells rewritten together, everything else kept to the byte."""

from __future__ import annotations

import copy
import difflib
import json
import os
from pathlib import Path

import pytest

from tfmigrate.cli import main
from tfmigrate.ipython_syntax import CellNotPython, mask_magics, unmask_magics
from tfmigrate.notebooks import CodeCell, join_cells, split_module

FIXTURES = Path(__file__).parent / "notebooks"
nbformat = pytest.importorskip("nbformat")


def run(*args: str) -> int:
    return main([args[0], "-j", "1", "--no-config", *args[1:]])


def jupyter_text(notebook: dict) -> str:
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False, separators=(",", ": ")) + "\n"


def code(*lines: str, **extra) -> dict:
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": list(lines)}
    cell.update(extra)
    return cell


def notebook(*cells: dict, language: str = "python") -> dict:
    return {"cells": copy.deepcopy(list(cells)), "metadata": {"kernelspec": {"language": language, "name": "k", "display_name": "K"}},
            "nbformat": 4, "nbformat_minor": 4}


def write_notebook(path: Path, nb: dict) -> Path:
    path.write_text(jupyter_text(nb), encoding="utf-8")
    return path


IMPORT = code("import tensorflow as tf")
SESSION = code("config = tf.ConfigProto(allow_soft_placement=True)\n", "sess = tf.Session(config=config)")
SESSION_AFTER = ["tf.config.set_soft_device_placement(True)\n", "sess = tf.compat.v1.Session()"]


def copy_fixture(name: str, tmp_path: Path) -> Path:
    target = tmp_path / name
    target.write_bytes((FIXTURES / name).read_bytes())
    return target


# -- the notebook as Jupyter writes it ---------------------------------------------------------


def test_jupyter_notebook_cells_are_rewritten_and_everything_else_is_kept(tmp_path, capsys):
    path = copy_fixture("jupyter_tf1.ipynb", tmp_path)
    before = json.loads(path.read_text(encoding="utf-8"))
    assert run("rewrite", str(path)) == 1
    after = json.loads(path.read_text(encoding="utf-8"))

    expected = copy.deepcopy(before)
    cells = {c["id"]: c for c in expected["cells"]}
    cells["session"]["source"] = SESSION_AFTER
    cells["timed"]["source"] = [
        "%%time\n",
        "tf.debugging.set_log_device_placement(True)\n",
        "with tf.compat.v1.Session() as timed:\n",
        "    pass",
    ]
    assert after == expected  # outputs, metadata, ids, magics, markdown: all as they were
    # ... and laid out exactly as nbformat (so Jupyter) writes a notebook.
    assert path.read_text(encoding="utf-8") == jupyter_text(expected)
    assert path.read_text(encoding="utf-8") == nbformat.writes(nbformat.reads(path.read_text(encoding="utf-8"),
                                                                              as_version=nbformat.NO_CONVERT)) + "\n"
    assert capsys.readouterr().err == "tfmigrate: 1 file scanned, 1 rewritten, 0 unchanged, 0 failed, 1 diagnostic\n"


def test_second_run_changes_nothing_and_does_not_write(tmp_path):
    path = copy_fixture("jupyter_tf1.ipynb", tmp_path)
    assert run("rewrite", str(path)) == 1
    data, mtime = path.read_bytes(), os.stat(path).st_mtime_ns
    assert run("rewrite", str(path)) == 1  # the %%bash cell's ConfigProto is still reported (TFM002)
    assert (path.read_bytes(), os.stat(path).st_mtime_ns) == (data, mtime)


def test_colab_layout_and_string_sources_are_kept(tmp_path):
    path = copy_fixture("colab_tf1.ipynb", tmp_path)
    original = path.read_text(encoding="utf-8")
    assert run("rewrite", str(path)) == 1
    new = path.read_text(encoding="utf-8")
    changed = [line for line in difflib.ndiff(original.splitlines(), new.splitlines()) if line[:1] in "+-"]
    # One cell changed, and its source was a string: one JSON line out, one in, nothing else.
    assert changed == [
        '-       "source": "gpu_options = tf.GPUOptions(allow_growth=True)\\nsess = tf.Session(config=tf.ConfigProto('
        'gpu_options=gpu_options))\\nprint(\\"ready\\")",',
        '+       "source": "for gpu in tf.config.list_physical_devices(\\"GPU\\"):\\n    tf.config.experimental.'
        'set_memory_growth(gpu, True)\\nsess = tf.compat.v1.Session()\\nprint(\\"ready\\")",',
    ]
    assert not new.endswith("\n")  # as the original


def test_notebook_where_nothing_changes_keeps_its_bytes(tmp_path):
    # Trigger words, so every cell is parsed, but nothing to rewrite; an odd layout that
    # nbformat would change if it were written back.
    nb = notebook(IMPORT, code("# ConfigProto is gone in TF2\n", "print(tf.config.list_physical_devices())"))
    path = tmp_path / "clean.ipynb"
    path.write_text(json.dumps(nb, indent=3), encoding="utf-8")
    data, mtime = path.read_bytes(), os.stat(path).st_mtime_ns
    assert run("rewrite", str(path)) == 0
    assert (path.read_bytes(), os.stat(path).st_mtime_ns) == (data, mtime)


def test_crlf_notebook_keeps_its_line_endings(tmp_path):
    nb = notebook(IMPORT, SESSION)
    path = tmp_path / "win.ipynb"
    path.write_bytes(jupyter_text(nb).replace("\n", "\r\n").encode())
    assert run("rewrite", str(path)) == 1
    nb["cells"][1]["source"] = SESSION_AFTER
    assert path.read_bytes() == jupyter_text(nb).replace("\n", "\r\n").encode()


def test_cell_ids_are_neither_added_nor_changed(tmp_path):
    # nbformat 4.5 wants ids; nbformat's reader would invent them. Nothing may be invented.
    nb = notebook(IMPORT, SESSION)
    nb["nbformat_minor"] = 5
    path = write_notebook(tmp_path / "no_ids.ipynb", nb)
    assert run("rewrite", str(path)) == 1
    after = json.loads(path.read_text())
    assert all("id" not in cell for cell in after["cells"])
    assert after["cells"][1]["source"] == SESSION_AFTER


# -- cells that hold IPython syntax ------------------------------------------------------------


def test_magic_lines_are_kept_and_the_python_around_them_is_rewritten(tmp_path):
    nb = notebook(IMPORT, code("%env TF_CPP_MIN_LOG_LEVEL=2\n", "!nvidia-smi\n", "files = !ls\n",
                               "if True:\n", "    %time x = 1\n", "tf.ConfigProto?\n", *SESSION["source"]))
    path = write_notebook(tmp_path / "magics.ipynb", nb)
    assert run("rewrite", str(path)) == 1
    assert json.loads(path.read_text())["cells"][1]["source"] == [
        "%env TF_CPP_MIN_LOG_LEVEL=2\n", "!nvidia-smi\n", "files = !ls\n", "if True:\n", "    %time x = 1\n",
        "tf.ConfigProto?\n", *SESSION_AFTER,
    ]


def test_non_python_cell_magic_is_left_alone(tmp_path):
    shell = code("%%bash\n", "python -c 'import tensorflow as tf; tf.ConfigProto()'")
    nb = notebook(IMPORT, shell, SESSION)
    path = write_notebook(tmp_path / "bash.ipynb", nb)
    assert run("rewrite", str(path)) == 1
    cells = json.loads(path.read_text())["cells"]
    assert cells[1] == shell
    assert cells[2]["source"] == SESSION_AFTER


@pytest.mark.parametrize("cell", [
    # a `%` line inside a string, and the modulo operator at the start of a continued line
    code('doc = """\n', "%not a magic, a line of a string\n", '"""\n', 'print("%d"\n', "% 3)\n",
         "c = tf.ConfigProto(log_device_placement=True)\n", "s = tf.Session(config=c)"),
    # a shell line continued with a backslash, and magics inside blocks
    code("!pip install \\\n", "   tensorflow\n", "if True:\n", "    %time x = 1\n", "try:\n", "    !nvidia-smi\n",
         "except OSError:\n", "    pass\n", "c = tf.ConfigProto(log_device_placement=True)\n", "s = tf.Session(config=c)"),
])
def test_ipython_forms_are_kept_and_the_python_around_them_rewritten(tmp_path, cell):
    path = write_notebook(tmp_path / "nb.ipynb", notebook(IMPORT, cell))
    assert run("rewrite", str(path)) == 1
    lines = cell["source"]
    assert json.loads(path.read_text())["cells"][1]["source"] == [
        *lines[:-2], "tf.debugging.set_log_device_placement(True)\n", "s = tf.compat.v1.Session()"]


def test_a_cell_that_ends_inside_a_continued_magic_is_left(tmp_path, capsys):
    cell = code("c = tf.ConfigProto()\n", "!pip install \\")
    path = write_notebook(tmp_path / "nb.ipynb", notebook(IMPORT, SESSION, cell))
    assert run("rewrite", str(path)) == 2
    cells = json.loads(path.read_text())["cells"]
    assert cells[2] == cell
    assert cells[1]["source"] == SESSION_AFTER  # the rest of the notebook is still rewritten
    assert (f"{path}:cell 3: error: line 2: the cell ends inside an IPython magic continued with a backslash; "
            "cell left unchanged\n") in capsys.readouterr().err


@pytest.mark.parametrize("bad", [code("mode = 0777"), code("x = (\n")])
def test_a_cell_that_is_not_python_before_tf1_code_leaves_the_notebook(tmp_path, capsys, bad):
    # What that cell imports or runs (an op would start the runtime) decides how the
    # cells after it are rewritten, and cannot be known: nothing is rewritten.
    nb = notebook(IMPORT, bad, SESSION)
    path = write_notebook(tmp_path / "nb.ipynb", nb)
    before = path.read_bytes()
    assert run("rewrite", str(path)) == 2
    assert path.read_bytes() == before
    err = capsys.readouterr().err
    assert f"{path}:cell 2: error: cannot parse (line 1): " in err
    # counted once, as failed: the summary's counts add up to the files scanned
    assert err.endswith("tfmigrate: 1 file scanned, 0 rewritten, 0 unchanged, 1 failed, 0 diagnostics\n")


def test_cell_that_does_not_parse_is_reported_and_the_others_rewritten(tmp_path, capsys):
    bad = code("c = tf.ConfigProto(\n")
    nb = notebook(IMPORT, SESSION, bad)
    path = write_notebook(tmp_path / "nb.ipynb", nb)
    assert run("rewrite", str(path)) == 2
    cells = json.loads(path.read_text())["cells"]
    assert cells[1]["source"] == SESSION_AFTER and cells[2] == bad
    err = capsys.readouterr().err
    assert f"{path}:cell 3: error: cannot parse (line " in err
    assert err.endswith("tfmigrate: 1 file scanned, 1 rewritten (1 in part: a cell was left as it was), 0 unchanged, 0 failed, "
                       "0 diagnostics\n")


def test_cell_without_trigger_words_that_does_not_parse_is_not_reported(tmp_path, capsys):
    nb = notebook(IMPORT, SESSION, code("len?? \n", "x = (\n"))
    path = write_notebook(tmp_path / "nb.ipynb", nb)
    assert run("rewrite", str(path)) == 1
    assert "error" not in capsys.readouterr().err


FROM_IMPORT = code("from tensorflow.compat.v1 import ConfigProto, Session\n",
                   "sess = Session(config=ConfigProto(allow_soft_placement=True))")
FRACTION = code("import tensorflow as tf\n",
                "sess = tf.Session(config=tf.ConfigProto(gpu_options=tf.GPUOptions(per_process_gpu_memory_fraction=0.5)))")


def test_an_added_tensorflow_import_goes_next_to_the_one_it_replaces(tmp_path):
    """TensorFlow is imported in the cell that imported it before, not earlier."""
    path = write_notebook(tmp_path / "nb.ipynb", notebook(code("%matplotlib inline"), FROM_IMPORT))
    assert run("rewrite", str(path)) == 1
    cells = json.loads(path.read_text())["cells"]
    assert cells[0]["source"] == ["%matplotlib inline"]
    assert cells[1]["source"] == ["from tensorflow.compat.v1 import Session\n", "import tensorflow as tf\n", "\n",
                                  "tf.config.set_soft_device_placement(True)\n", "sess = Session()"]


def test_nothing_is_put_above_a_cell_magic_a_docstring_or_a_future_import():
    first = '%%time\n"""Doc."""\nfrom __future__ import division\nx = 1\n'
    cells = [CodeCell(1, first, mask_magics(first)), CodeCell(2, "y = 2\n", mask_magics("y = 2\n"))]
    joined = join_cells(cells)
    # What a rewrite adds at the top of the module lands after the first cell's prologue.
    assert split_module("import keras\n\n" + joined, cells) == [
        '%%time\n"""Doc."""\nfrom __future__ import division\nimport keras\n\nx = 1\n', "y = 2\n"]
    plain = [CodeCell(1, "x = 1\n", mask_magics("x = 1\n"))]
    assert split_module("import keras\n" + join_cells(plain), plain) == ["import keras\nx = 1\n"]


def test_the_memory_fraction_helper_is_written_out_in_a_cell_of_its_own(tmp_path):
    path = write_notebook(tmp_path / "nb.ipynb", notebook(code("%%time\n", "x = 1"), FRACTION))
    assert run("rewrite", str(path)) == 1
    cells = json.loads(path.read_text())["cells"]
    assert cells[0]["source"] == ["%%time\n", "x = 1"]  # nothing above the cell magic
    helper = "".join(cells[1]["source"])
    assert helper.startswith("# Added by tfmigrate:") and "def total_memory_mib(gpu" in helper
    assert cells[2]["source"][0] == "import tensorflow as tf\n"
    assert "tfmigrate" not in "".join(cells[2]["source"])  # a kernel without tfmigrate runs it
    compile(helper, "helper", "exec")
    assert run("rewrite", str(path)) == 0  # the helper cell is tfmigrate's own: nothing to do


# -- diagnostics, diff, check -------------------------------------------------------------------


def test_diagnostics_name_the_cell_and_the_line_in_it(tmp_path, capsys):
    nb = notebook(
        {"cell_type": "markdown", "metadata": {}, "source": ["# GPU"]},
        IMPORT,
        code("x = 1"),
        code("def make_session():\n", "    config = tf.ConfigProto()\n", "    config.gpu_options.allow_growth = True\n",
             "    config.gpu_options.per_process_gpu_memory_fraction = 0.5\n", "    return tf.Session(config=config)"),
    )
    path = write_notebook(tmp_path / "nb.ipynb", nb)
    data = path.read_bytes()
    assert run("check", str(path)) == 1
    assert path.read_bytes() == data
    out = capsys.readouterr().out
    assert out.startswith(f"{path}:cell 4:3:5: TFM113 allow_growth with a memory limit")


def test_diff_shows_cells_and_writes_nothing(tmp_path, capsys):
    path = write_notebook(tmp_path / "nb.ipynb", notebook(IMPORT, SESSION))
    data = path.read_bytes()
    assert run("rewrite", "--diff", str(path)) == 1
    assert path.read_bytes() == data
    assert capsys.readouterr().out == (
        f"--- a/{path}:cell 2\n+++ b/{path}:cell 2\n@@ -1,2 +1,2 @@\n"
        "-config = tf.ConfigProto(allow_soft_placement=True)\n-sess = tf.Session(config=config)\n"
        "+tf.config.set_soft_device_placement(True)\n+sess = tf.compat.v1.Session()\n"
    )


def test_check_lists_notebook_sites_in_every_format(tmp_path, capsys):
    path = write_notebook(tmp_path / "nb.ipynb", notebook(IMPORT, SESSION))
    assert run("check", str(path)) == 1
    assert capsys.readouterr().out == f"{path}:cell 2:1:10: TFM100 ConfigProto settings that become tf.config calls\n"
    assert run("check", "--format", "json", str(path)) == 1
    assert json.loads(capsys.readouterr().out) == [{
        "path": f"{path}:cell 2", "line": 1, "col": 10, "code": "TFM100",
        "message": "ConfigProto settings that become tf.config calls"}]
    assert run("check", "--format", "sarif", str(path)) == 1
    (result,) = json.loads(capsys.readouterr().out)["runs"][0]["results"]
    assert result["message"]["text"] == "cell 2, line 1, column 10: ConfigProto settings that become tf.config calls"
    assert result["locations"] == [{"physicalLocation": {"artifactLocation": {"uri": "file://" + str(path)}}}]


def test_notebooks_are_found_in_directories(tmp_path):
    write_notebook(tmp_path / "nb.ipynb", notebook(IMPORT, SESSION))
    (tmp_path / ".ipynb_checkpoints").mkdir()
    write_notebook(tmp_path / ".ipynb_checkpoints" / "nb-checkpoint.ipynb", notebook(IMPORT, SESSION))
    assert run("rewrite", str(tmp_path)) == 1
    assert json.loads((tmp_path / "nb.ipynb").read_text())["cells"][1]["source"] == SESSION_AFTER
    assert json.loads((tmp_path / ".ipynb_checkpoints" / "nb-checkpoint.ipynb").read_text()) == notebook(IMPORT, SESSION)


# -- notebooks that are not rewritten ---------------------------------------------------------


@pytest.mark.parametrize("data, message", [
    (b'{"cells": [\n  {"source": "tf.ConfigProto()",}\n]}\n',
     "broken notebook JSON (line 2, column 33): Expecting property name enclosed in double quotes; left unchanged"),
    (b'{"nbformat": 3, "nbformat_minor": 0, "worksheets": [], "metadata": {"note": "ConfigProto"}}',
     "not a valid notebook: nbformat 3 is not supported, only nbformat 4 (open and save it in Jupyter to upgrade); "
     "left unchanged"),
    (b'{"nbformat": 4, "nbformat_minor": 4, "metadata": {}, "cells": [{"source": "tf.ConfigProto()"}]}',
     "not a valid notebook: "),
    ('{"cells": "ConfigProto \u00e9"}'.encode("latin-1"), "cannot decode: a notebook is UTF-8 JSON"),
])
def test_broken_notebook_is_reported_and_left_unchanged(tmp_path, capsys, data, message):
    path = tmp_path / "broken.ipynb"
    path.write_bytes(data)
    assert run("rewrite", str(path)) == 2
    assert path.read_bytes() == data
    assert f"{path}: error: {message}" in capsys.readouterr().err


def test_notebook_of_another_language_is_skipped(tmp_path, capsys):
    nb = notebook(code("config <- tf$ConfigProto()"), language="R")
    path = write_notebook(tmp_path / "r.ipynb", nb)
    data = path.read_bytes()
    assert run("rewrite", str(path)) == 0
    assert path.read_bytes() == data
    assert capsys.readouterr().err == "tfmigrate: 1 file scanned, 0 rewritten, 0 unchanged, 1 skipped, 0 failed, 0 diagnostics\n"


def test_without_nbformat_the_notebook_is_reported_and_left(tmp_path, capsys, monkeypatch):
    import tfmigrate.notebooks

    monkeypatch.setattr(tfmigrate.notebooks, "_import_nbformat", lambda: None)
    path = write_notebook(tmp_path / "nb.ipynb", notebook(IMPORT, SESSION))
    data = path.read_bytes()
    assert run("rewrite", str(path)) == 2
    assert path.read_bytes() == data
    assert (f"{path}: error: notebook skipped: nbformat is not installed (pip install nbformat); left unchanged"
            in capsys.readouterr().err)


def test_notebook_without_trigger_words_is_not_even_read_as_json(tmp_path, monkeypatch):
    import tfmigrate.notebooks

    def fail(*args):
        raise AssertionError("a notebook without trigger words was processed")

    monkeypatch.setattr(tfmigrate.notebooks, "process_notebook", fail)
    (tmp_path / "plain.ipynb").write_text("{ not even JSON, and no TF words }")
    assert run("rewrite", str(tmp_path)) == 0


# -- the pieces ----------------------------------------------------------------------------------


def test_mask_and_unmask_round_trip():
    text = "%cd ..\nx = 1\n  !ls\r\ny = %time f()\n"
    masked = mask_magics(text)
    assert masked.text == (
        "__tfmigrate_magic_0__(cd)\nx = 1\n  __tfmigrate_magic_1__(ls)\r\n__tfmigrate_magic_2__(y, time, f, __tfmigrate_may_run_ops__)\n")
    assert unmask_magics(masked.text, masked.originals) == text


def test_unmask_refuses_a_moved_or_lost_magic():
    masked = mask_magics("%cd a\n%cd b\n")
    with pytest.raises(CellNotPython):
        unmask_magics("__tfmigrate_magic_1__(cd, b)\n__tfmigrate_magic_0__(cd, a)\n", masked.originals)
    with pytest.raises(CellNotPython):
        unmask_magics("__tfmigrate_magic_0__(cd, a)\n", masked.originals)


def test_what_a_magic_line_uses_is_still_used(tmp_path):
    # `%timeit sess.list_devices()` uses `sess` and `%time print(device_lib...)` the
    # import: the session stays (reported, TFM121) and so does the import.
    nb = notebook(
        code("from tensorflow.python.client import device_lib\n", "from keras import backend as K\n",
             "import tensorflow as tf"),
        code("config = tf.ConfigProto()\n", "config.gpu_options.allow_growth = True\n",
             "sess = tf.Session(config=config)\n", "K.set_session(sess)"),
        code("%time print(device_lib.list_local_devices())\n", "%timeit sess.list_devices()"),
    )
    path = write_notebook(tmp_path / "magic.ipynb", nb)
    assert run("rewrite", str(path)) == 1
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    assert cells[0]["source"] == nb["cells"][0]["source"]
    assert cells[1]["source"] == [
        "for gpu in tf.config.list_physical_devices(\"GPU\"):\n",
        "    tf.config.experimental.set_memory_growth(gpu, True)\n",
        "sess = tf.compat.v1.Session()\n",
        "K.set_session(sess)",
    ]
    assert cells[2]["source"] == nb["cells"][2]["source"]


def test_env_magic_between_config_and_session_is_an_environment_change(tmp_path):
    # TF1 read CUDA_VISIBLE_DEVICES when the session started: the calls go after %env.
    nb = notebook(code("import tensorflow as tf\n", "config = tf.ConfigProto()\n",
                       "config.gpu_options.allow_growth = True\n", "%env CUDA_VISIBLE_DEVICES=1\n",
                       "sess = tf.Session(config=config)"))
    path = write_notebook(tmp_path / "env.ipynb", nb)
    assert run("rewrite", str(path)) == 1
    assert json.loads(path.read_text(encoding="utf-8"))["cells"][0]["source"] == [
        "import tensorflow as tf\n",
        "%env CUDA_VISIBLE_DEVICES=1\n",
        "for gpu in tf.config.list_physical_devices(\"GPU\"):\n",
        "    tf.config.experimental.set_memory_growth(gpu, True)\n",
        "sess = tf.compat.v1.Session()",
    ]


def test_lines_a_report_names_are_counted_in_their_cells(tmp_path, capsys):
    nb = notebook(code("from tensorflow.keras.layers import Dense"),
                  code("layer = Dense(1)\n", "out = layer(tf_input)"),
                  code("import tensorflow as tf\n", "config = tf.ConfigProto()\n",
                       "config.gpu_options.allow_growth = True\n", "sess = tf.Session(config=config)"))
    path = write_notebook(tmp_path / "nb.ipynb", nb)
    assert run("rewrite", str(path)) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{path}:cell 3:2:10: TFM123 cell 2 line 1 starts TensorFlow's runtime")
    assert "which line 1 binds or calls after it; move the config above cell 2 line 1;" in out


def test_quoted_names_are_found_in_a_notebook_json(tmp_path, capsys):
    # In the file a cell's "CUDA_VISIBLE_DIVICES" is written \"CUDA_VISIBLE_DIVICES\".
    nb = notebook(code("import os\n", 'os.environ["CUDA_VISIBLE_DIVICES"] = "1"'))
    path = write_notebook(tmp_path / "nb.ipynb", nb)
    assert b'\\"CUDA_VISIBLE_DIVICES\\"' in path.read_bytes()
    assert run("check", str(path)) == 1
    assert f"{path}:cell 1:2:12: TFM306 " in capsys.readouterr().out


def test_a_name_a_later_cell_that_is_not_python_uses_stays_imported(tmp_path):
    # Cell 3 is Python 2; once its print is fixed it needs K again.
    nb = notebook(code("import tensorflow as tf\n", "from keras import backend as K"),
                  code("config = tf.ConfigProto()\n", "config.gpu_options.allow_growth = True\n",
                       "K.set_session(tf.Session(config=config))"),
                  code("print K.image_data_format()"))
    path = write_notebook(tmp_path / "nb.ipynb", nb)
    assert run("rewrite", str(path)) == 1
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    assert cells[0]["source"] == nb["cells"][0]["source"]
    assert cells[1]["source"] == ["for gpu in tf.config.list_physical_devices(\"GPU\"):\n",
                                  "    tf.config.experimental.set_memory_growth(gpu, True)"]
    assert cells[2] == nb["cells"][2]


def test_a_config_a_later_cell_that_is_not_python_names_is_left(tmp_path, capsys):
    nb = notebook(IMPORT, SESSION, code("config = tf.ConfigProto(\n"))
    path = write_notebook(tmp_path / "nb.ipynb", nb)
    assert run("rewrite", str(path)) == 2
    assert json.loads(path.read_text())["cells"][1] == nb["cells"][1]
    assert ("TFM120 `config` is used by `an IPython magic line, or a notebook cell that is not Python`"
            in capsys.readouterr().out)


def test_a_magic_line_with_a_character_no_name_can_hold(tmp_path):
    # `R²` is not an identifier: only names go into the placeholder.
    nb = notebook(code("import tensorflow as tf\n", "config = tf.ConfigProto(allow_soft_placement=True)\n",
                       "sess = tf.Session(config=config)"),
                  code("%time r2 = sess.run(tf.constant(1))  # R²"))
    path = write_notebook(tmp_path / "nb.ipynb", nb)
    assert run("rewrite", str(path)) == 1
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    assert cells[0]["source"] == ["import tensorflow as tf\n", "tf.config.set_soft_device_placement(True)\n",
                                  "sess = tf.compat.v1.Session()"]
    assert cells[1] == nb["cells"][1]


def test_a_notebook_in_a_project_run_keeps_its_reports(tmp_path, capsys):
    """In a directory run, a notebook whose `tf` comes from a star import was handed to the
    project pass as if it were a module, and its reports were lost: it looked clean."""
    nb = notebook(code("from utils2 import *"), code("cfg = tf.ConfigProto()\n", "sess = tf.Session(config=cfg)"),
                  code("again = tf.InteractiveSession(config=cfg)"))
    write_notebook(tmp_path / "course.ipynb", nb)
    (tmp_path / "other.py").write_text("import tensorflow as tf\nprint(tf.constant(1))\n")
    assert run("check", str(tmp_path)) == 1
    out = capsys.readouterr().out
    assert "course.ipynb:cell 2:1:7: TFM120 `tf` comes from `from utils2 import *`" in out
    # ... and the cell that hands the same config to another session says so too.
    assert "course.ipynb:cell 3:1:11: TFM120 `InteractiveSession(config=...)` is TF1 API left in this cell; it goes " \
           "with the site reported at cell 2 line 1 (TFM120)" in out


@pytest.mark.parametrize("runner", ["%time y = build()", "print build()"])
def test_tf_config_calls_go_above_a_set_aside_line_that_may_run_ops(tmp_path, runner):
    """`%time y = build()` (or a Python 2 `print build()`) may run TF ops, which start TF2's
    runtime: the memory-growth calls must run before it, not in the config's own cell."""
    nb = notebook(code("import tensorflow as tf\n", runner),
                  code("config = tf.ConfigProto()\n", "config.gpu_options.allow_growth = True\n",
                       "sess = tf.Session(config=config)"))
    path = write_notebook(tmp_path / "nb.ipynb", nb)
    assert run("rewrite", str(path)) == 1
    cells = json.loads(path.read_text())["cells"]
    assert cells[0]["source"] == ["import tensorflow as tf\n", 'for gpu in tf.config.list_physical_devices("GPU"):\n',
                                  "    tf.config.experimental.set_memory_growth(gpu, True)\n", runner]
    assert cells[1]["source"] == ["sess = tf.compat.v1.Session()"]


@pytest.mark.parametrize("old, new, expected", [
    # a blank line a rewrite put before the next cell's marker is not the cell's
    ("from tensorflow import Session", "import tensorflow as tf\n\n", "import tensorflow as tf"),
    ("x = 1\n\n", "y = 2\n\n\n", "y = 2\n\n"),
    # a cell written with CRLF gets CRLF in its new lines
    ("a = 1\r\nb = 2", "c = 3\nb = 2\n", "c = 3\r\nb = 2"),
    # an emptied cell stays empty
    ("config = tf.ConfigProto()\n", "", ""),
])
def test_a_rewritten_cell_ends_as_the_cell_did(old, new, expected):
    from tfmigrate.notebooks import _ends_as

    assert _ends_as(old, new) == expected


def test_no_code_goes_between_a_magic_and_the_line_it_continues(tmp_path):
    cell = code("!echo start \\\n", "  config = tf.ConfigProto()\n", "config = tf.ConfigProto()\n",
                "config.gpu_options.allow_growth = True\n", "sess = tf.Session(config=config)")
    path = write_notebook(tmp_path / "nb.ipynb", notebook(IMPORT, cell))
    assert run("rewrite", str(path)) == 1
    assert json.loads(path.read_text())["cells"][1]["source"] == [
        "!echo start \\\n", "  config = tf.ConfigProto()\n", 'for gpu in tf.config.list_physical_devices("GPU"):\n',
        "    tf.config.experimental.set_memory_growth(gpu, True)\n", "sess = tf.compat.v1.Session()"]


@pytest.mark.parametrize("line", ["%time sess = tf.Session(config=tf.ConfigProto(log_device_placement=True))",
                                  "!python -c 'import tensorflow as tf; tf.Session(config=tf.ConfigProto())'",
                                  "tf.ConfigProto?"])
def test_tf1_api_in_a_magic_line_is_reported_not_passed_over(tmp_path, capsys, line):
    path = write_notebook(tmp_path / "nb.ipynb", notebook(IMPORT, code(line)))
    data = path.read_bytes()
    assert run("check", str(path)) == 1
    assert (f"{path}:cell 2:1:0: TFM120 `ConfigProto` is TF1 API in an IPython magic or shell line, which "
            "tfmigrate does not rewrite: migrate it by hand") in capsys.readouterr().out
    assert run("rewrite", str(path)) == 1 and path.read_bytes() == data


def test_a_source_list_cut_inside_a_name_is_still_read(tmp_path):
    nb = notebook(IMPORT, code("config = tf.Config", "Proto(allow_soft_placement=True)\n",
                               "sess = tf.Session(config=config)"))
    path = write_notebook(tmp_path / "nb.ipynb", nb)
    assert run("rewrite", str(path)) == 1
    assert json.loads(path.read_text())["cells"][1]["source"] == SESSION_AFTER


def test_check_counts_a_notebook_with_a_cell_it_could_not_read(tmp_path, capsys):
    nb = notebook(code("import tensorflow as tf\n", "sess = tf.Session(config=tf.ConfigProto(log_device_placement=True))"),
                  code("mode = 0777\n", "cfg = tf.ConfigProto()"))
    path = write_notebook(tmp_path / "nb.ipynb", nb)
    assert run("check", str(path)) == 2
    assert capsys.readouterr().err.endswith(
        "tfmigrate: 1 file scanned, 1 site in 1 file, 0 failed (1 more in part: a cell could not be read)\n")
