"""Never lose user code: every file the run cannot handle keeps its exact bytes, and the
run says so and carries on with the others. Rewritten files keep encoding, BOM, line
endings and permission bits, and are replaced atomically."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tfmigrate.cli import main

TF1 = "import tensorflow as tf\nsess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))\n"
TF2 = "import tensorflow as tf\ntf.config.set_soft_device_placement(True)\nsess = tf.compat.v1.Session()\n"


def run(*args: str) -> int:
    return main(["rewrite", "-j", "1", *args])


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "good.py").write_text(TF1)
    return tmp_path


@pytest.mark.parametrize(
    "name, data",
    [
        ("python2.py", b"import tensorflow as tf\nprint 'ConfigProto'\nconfig = tf.ConfigProto()\n"),
        ("syntax_error.py", b"import tensorflow as tf\nconfig = tf.ConfigProto(\n"),
        ("undecodable.py", b"import tensorflow as tf\nx = '\xff\xfe'\nconfig = tf.ConfigProto()\n"),
        ("bad_cookie.py", b"# -*- coding: no-such-codec -*-\nconfig = tf.ConfigProto()\n"),
    ],
)
def test_unparseable_file_is_left_byte_for_byte_and_reported(tree, capsys, name, data):
    bad = tree / name
    bad.write_bytes(data)
    code = run(str(tree))
    assert bad.read_bytes() == data
    assert (tree / "good.py").read_text() == TF2  # the run carried on
    err = capsys.readouterr().err
    assert f"{bad}: error:" in err
    assert "1 failed" in err
    assert code == 2


def test_unreadable_file_is_reported(tree, capsys, monkeypatch):
    # Root reads every file whatever its mode, so make the read itself fail.
    import tfmigrate.engine as engine

    bad = tree / "secret.py"
    bad.write_text(TF1)

    read = engine.read_source

    def guarded_read(path):
        if str(path).endswith("secret.py"):
            raise PermissionError(13, "Permission denied", str(path))
        return read(path)

    monkeypatch.setattr(engine, "read_source", guarded_read)
    assert run(str(tree)) == 2
    assert bad.read_text() == TF1
    assert "secret.py: error: cannot read: Permission denied" in capsys.readouterr().err


def test_unwritable_directory_leaves_file_and_reports(tree, capsys, monkeypatch):
    # Root ignores permission bits, so provoke the failure at the write itself.
    import tfmigrate.engine as engine

    def refuse(path, data, expected=None):
        raise PermissionError(13, "Permission denied", path)

    monkeypatch.setattr(engine, "write_atomic", refuse)
    assert run(str(tree / "good.py")) == 2
    assert (tree / "good.py").read_text() == TF1
    assert "cannot write" in capsys.readouterr().err


def test_file_deleted_mid_run_is_not_recreated(tree, capsys, monkeypatch):
    import tfmigrate.engine as engine

    real = engine.transform_module

    def delete_then_transform(module, *a, **k):  # the file goes away after it was read
        os.unlink(tree / "good.py")
        return real(module, *a, **k)

    monkeypatch.setattr(engine, "transform_module", delete_then_transform)
    assert run(str(tree)) == 2
    assert not (tree / "good.py").exists()
    assert "cannot write" in capsys.readouterr().err


def test_symlink_outside_the_tree_is_skipped(tmp_path, capsys):
    outside = tmp_path / "outside.py"
    outside.write_text(TF1)
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "link.py").symlink_to(outside)
    run(str(tree))
    assert outside.read_text() == TF1
    assert "outside the tree" in capsys.readouterr().err


def test_symlink_inside_the_tree_rewrites_the_target_once(tmp_path):
    target = tmp_path / "real.py"
    target.write_text(TF1)
    (tmp_path / "alias.py").symlink_to(target)
    run(str(tmp_path))
    assert os.path.islink(tmp_path / "alias.py")
    assert target.read_text() == TF2


def test_crlf_bom_and_mode_are_kept(tmp_path):
    path = tmp_path / "win.py"
    path.write_bytes(b"\xef\xbb\xbf" + TF1.replace("\n", "\r\n").encode())
    path.chmod(0o751)
    run(str(path))
    data = path.read_bytes()
    assert data == b"\xef\xbb\xbf" + TF2.replace("\n", "\r\n").encode()
    assert stat.S_IMODE(path.stat().st_mode) == 0o751


def test_pep263_encoding_is_kept(tmp_path):
    src = "# -*- coding: latin-1 -*-\n# Gr\xfc\xdfe\n" + TF1
    path = tmp_path / "latin.py"
    path.write_bytes(src.encode("latin-1"))
    run(str(path))
    assert path.read_bytes() == ("# -*- coding: latin-1 -*-\n# Gr\xfc\xdfe\n" + TF2).encode("latin-1")


def test_non_ascii_path(tmp_path):
    folder = tmp_path / "モデル"
    folder.mkdir()
    path = folder / "学習.py"
    path.write_text(TF1, encoding="utf-8")
    assert run(str(tmp_path)) == 1
    assert path.read_text(encoding="utf-8") == TF2


def test_no_temp_files_are_left_behind(tree):
    run(str(tree))
    assert sorted(p.name for p in tree.iterdir()) == ["good.py"]


def test_second_run_changes_nothing(tree):
    assert run(str(tree)) == 1
    before = (tree / "good.py").read_bytes()
    assert run(str(tree)) == 0
    assert (tree / "good.py").read_bytes() == before


def test_files_without_trigger_words_are_never_parsed(tmp_path, monkeypatch):
    import tfmigrate.engine as engine

    (tmp_path / "plain.py").write_text("x = (\n")  # would not even parse
    called = []
    monkeypatch.setattr(engine, "process_bytes", lambda *a, **k: called.append(a))  # where parsing starts
    assert run(str(tmp_path)) == 0
    assert called == []


def test_rewrite_cli_never_imports_tensorflow(tmp_path):
    (tmp_path / "a.py").write_text(TF1)
    probe = (
        "import sys\n"
        "from tfmigrate.cli import main\n"
        f"code = main(['rewrite', '-j', '1', {str(tmp_path)!r}])\n"
        "assert 'tensorflow' not in sys.modules, 'tensorflow was imported'\n"
        "sys.exit(code)\n"
    )
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert proc.returncode == 1, proc.stderr
    assert (tmp_path / "a.py").read_text() == TF2


def test_a_fifo_named_like_a_source_file_does_not_block_the_run(tmp_path, capsys):
    from tfmigrate.cli import main

    os.mkfifo(tmp_path / "pipe.py")
    (tmp_path / "train.py").write_text("import tensorflow as tf\nsess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))\n")
    assert main(["rewrite", "-j", "1", "--no-config", str(tmp_path)]) == 2
    assert f"{tmp_path / 'pipe.py'}: error: cannot read: not a regular file" in capsys.readouterr().err
    assert "set_soft_device_placement" in (tmp_path / "train.py").read_text()  # the rest of the run went on
    assert main(["rewrite", "-j", "1", "--no-config", str(tmp_path / "pipe.py")]) == 2


def test_a_read_only_file_is_not_replaced(tmp_path, monkeypatch, capsys):
    # os.replace only needs the folder to be writable; a read-only file says "do not edit".
    # (The tests run as root, for whom os.access always says yes: the check is simulated.)
    from tfmigrate import files
    from tfmigrate.cli import main

    path = tmp_path / "frozen.py"
    src = b"import tensorflow as tf\nsess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))\n"
    path.write_bytes(src)
    path.chmod(0o444)
    monkeypatch.setattr(files.os, "access", lambda p, mode: not (str(p) == str(path) and mode == os.W_OK))
    assert main(["rewrite", "-j", "1", "--no-config", str(path)]) == 2
    assert path.read_bytes() == src
    assert "cannot write: [Errno 13] the file is read-only" in capsys.readouterr().err


# -- an edit made while the run worked is never overwritten ---------------------------------

EDITED = "import tensorflow as tf\n# edited in another window while tfmigrate ran\n" \
         "sess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))\n"


def _edit_after_reading(monkeypatch, module, name: str, path: Path, new_text: str = EDITED) -> None:
    """Make `module.name` (a step that runs after the file was read and before it is
    written) change the file on disk first, as an editor would."""
    real = getattr(module, name)

    def edit_then_run(*a, **k):
        if path.read_text() != new_text:
            path.write_text(new_text)
        return real(*a, **k)

    monkeypatch.setattr(module, name, edit_then_run)


def test_a_file_edited_after_it_was_read_is_not_overwritten_engine_api(tree, monkeypatch):
    import tfmigrate.engine as engine

    path = tree / "good.py"
    _edit_after_reading(monkeypatch, engine, "transform_module", path)
    result = engine.process_file(str(path), engine.Options())
    assert result.status == "failed"
    assert result.error.startswith("changed during the run")
    assert path.read_text() == EDITED  # the concurrent edit survives, untouched
    assert sorted(p.name for p in tree.iterdir()) == ["good.py"]  # no temporary file left behind
    # The next run starts from the edited file and rewrites it.
    monkeypatch.undo()
    assert engine.process_file(str(path), engine.Options()).status == "rewritten"
    assert "set_soft_device_placement(True)" in path.read_text()
    assert "# edited in another window" in path.read_text()


def test_a_file_edited_after_it_was_read_is_not_overwritten_cli(tree, monkeypatch, capsys):
    import tfmigrate.engine as engine

    path = tree / "good.py"
    other = tree / "other.py"
    other.write_text(TF1)
    _edit_after_reading(monkeypatch, engine, "transform_module", path)
    assert run(str(tree)) == 2
    assert path.read_text() == EDITED
    assert other.read_text() == TF2  # the rest of the run went on
    err = capsys.readouterr().err
    assert f"{path}: error: changed during the run" in err
    assert "1 rewritten" in err and "1 failed" in err


def test_a_file_edited_while_a_worker_process_rewrote_it_is_not_overwritten(tmp_path, monkeypatch, capsys):
    # With -j 2 the files are rewritten in forked workers: the check is made where the write is.
    import tfmigrate.engine as engine

    for i in range(4):
        (tmp_path / f"m{i}.py").write_text(TF1)
    path = tmp_path / "m2.py"
    real = engine.transform_module

    def edit_m2_then_run(module, rules, options=engine.Options(), path_arg="", *a, **k):
        if path_arg.endswith("m2.py") and path.read_text() != EDITED:
            path.write_text(EDITED)
        return real(module, rules, options, path_arg, *a, **k)

    monkeypatch.setattr(engine, "transform_module", edit_m2_then_run)
    assert main(["rewrite", "-j", "2", "--no-progress", str(tmp_path)]) == 2
    assert path.read_text() == EDITED
    assert all((tmp_path / f"m{i}.py").read_text() == TF2 for i in (0, 1, 3))
    assert f"{path}: error: changed during the run" in capsys.readouterr().err


def test_a_file_replaced_with_the_same_bytes_is_still_rewritten(tree, monkeypatch):
    # Bytes are compared, not inode or mtime: an editor's atomic save of the unchanged
    # text loses nothing when the rewrite replaces it.
    import tfmigrate.engine as engine

    path = tree / "good.py"
    real = engine.transform_module

    def resave_then_run(*a, **k):
        tmp = tree / "resaved.tmp"
        tmp.write_text(TF1)
        os.replace(tmp, path)  # new inode, new mtime, same bytes
        return real(*a, **k)

    monkeypatch.setattr(engine, "transform_module", resave_then_run)
    assert run(str(path)) == 1
    assert path.read_text() == TF2


def test_write_atomic_refuses_when_the_bytes_are_not_the_expected_ones(tmp_path):
    from tfmigrate import files

    path = tmp_path / "a.py"
    path.write_bytes(b"theirs\n")
    with pytest.raises(files.ChangedDuringRun) as info:
        files.write_atomic(str(path), b"ours\n", expected=b"what we read\n")
    assert str(path) in str(info.value) and "changed during the run" in str(info.value)
    assert path.read_bytes() == b"theirs\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.py"]
    files.write_atomic(str(path), b"ours\n", expected=b"theirs\n")
    assert path.read_bytes() == b"ours\n"


def test_a_notebook_edited_after_it_was_read_is_not_overwritten(tmp_path, monkeypatch, capsys):
    pytest.importorskip("nbformat")
    import json

    import tfmigrate.notebooks as notebooks

    def nb(source: str) -> str:
        return json.dumps({"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                                      "source": source.splitlines(True)}],
                           "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                       "name": "python3"}},
                           "nbformat": 4, "nbformat_minor": 4}, indent=1) + "\n"

    path = tmp_path / "nb.ipynb"
    path.write_text(nb(TF1))
    _edit_after_reading(monkeypatch, notebooks, "rewrite_cells", path, nb(EDITED))
    assert run(str(path)) == 2
    assert path.read_text() == nb(EDITED)
    assert f"{path}: error: changed during the run" in capsys.readouterr().err
