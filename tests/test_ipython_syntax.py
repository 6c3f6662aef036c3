"""ipython_syntax: which lines IPython reads as magics, set aside and put back."""

from __future__ import annotations

import pytest

from tfmigrate.ipython_syntax import CellNotPython, mask_magics, unmask_magics


def _masked_lines(text: str) -> list[int]:
    """The 1-based lines that were set aside as IPython syntax."""
    masked = mask_magics(text)
    return [i for i, line in enumerate(masked.text.splitlines(), start=1) if line.lstrip().startswith("__tfmigrate")]


@pytest.mark.parametrize("text, lines", [
    ("%matplotlib inline\nx = 1\n", [1]),
    ("files = !ls\nout = %sx echo\n", [1, 2]),
    ("tf.Session?\n??tf.Session\n", [1, 2]),
    # automagic: IPython runs `pip install x` as `%pip install x`
    ("pip install -q tensorflow-gpu==1.15\nconda install -y cudnn\npip = 3\n", [1, 2]),
    # inside blocks, at the block's indentation
    ("if True:\n    %time f()\ntry:\n    !nvidia-smi\nexcept OSError:\n    pass\n", [2, 4]),
    # a shell line continued with a backslash: one statement over its lines
    ("!pip install \\\n    tensorflow==1.15 \\\n  tqdm\nx = 1\n", [1]),
    # Python, not magics: the modulo operator inside brackets, lines of a string,
    # a line continued with a backslash, a comment
    ('print("%d"\n      % 3)\n', []),
    ('x = [1,\n%2]\n', []),
    ('s = """\n%not a magic\n!nor this\n"""\n', []),
    ("s = '''a\\\n%b'''\n", []),
    ("y = 1 + \\\n%2\n", []),
    ("x = 1  # %not\n%who\n", [2]),
    # a string that closes on its line leaves the next line at a statement start
    ('a = "(" \n%who\n', [2]),
    ("a = ')'  # (\n%who\n", [2]),
])
def test_magic_lines_are_the_lines_ipython_reads_as_magics(text, lines):
    assert _masked_lines(text) == lines
    masked = mask_magics(text)
    assert unmask_magics(masked.text, masked.originals, masked.cell_magic, masked.indents) == text


def test_a_continued_magic_is_one_statement_over_its_lines():
    # The continuation may be less indented than the magic; as one call over the same
    # lines, nothing can be put between the two.
    text = "if True:\n    !pip install \\\ntqdm \\\n  keras\nx = 1\n"
    masked = mask_magics(text)
    assert masked.text == "if True:\n    __tfmigrate_magic_0__(pip, install, tqdm, keras\n\n)\nx = 1\n"
    assert unmask_magics(masked.text, masked.originals, masked.cell_magic, masked.indents) == text
    broken = masked.text.replace("\n\n)", "\nx = 0\n)")
    with pytest.raises(CellNotPython, match="continued over lines"):
        unmask_magics(broken, masked.originals, masked.cell_magic, masked.indents)


def test_a_cell_that_ends_inside_a_continued_magic_is_refused():
    with pytest.raises(CellNotPython, match="ends inside an IPython magic"):
        mask_magics("x = 1\n!pip install \\")


def test_a_cell_magic_with_a_python_body_is_set_aside_and_one_without_is_foreign():
    timed = mask_magics("%%time\nx = 1\n")
    assert timed.cell_magic and timed.text.startswith("__tfmigrate_magic_0__(time)\n")
    assert mask_magics("%%bash\necho %d\n").foreign
    with pytest.raises(CellNotPython, match="above a cell magic"):
        unmask_magics("import os\n" + timed.text, timed.originals, cell_magic=True, indents=timed.indents)


@pytest.mark.parametrize("text, lines", [
    ("print 'a', b\nx = 1\n", [1]),
    ("print >>sys.stderr, x\n", [1]),
    ('print "%d" % (\n    n)\ny = 2\n', [1]),
    ("if x:\n    print x\n", [2]),
    # Python 3 all the same: left to the parser
    ("print(x)\nprint\nprint = log\nprint (a, b)\n", []),
])
def test_python2_print_statements_are_set_aside_only_when_asked(text, lines):
    assert _masked_lines(text) == [] or text.startswith("print(")
    masked = mask_magics(text, python2_prints=True)
    assert [i for i, line in enumerate(masked.text.splitlines(), start=1)
            if line.lstrip().startswith("__tfmigrate")] == lines
    assert unmask_magics(masked.text, masked.originals, masked.cell_magic, masked.indents) == text


@pytest.mark.parametrize("line, runs", [
    ("%time model.fit(x)", True), ("%run train.py", True), ("print sess.run(y)", True),
    ("%matplotlib inline", False), ("!pip install tensorflow==1.15", False), ("%env CUDA_VISIBLE_DEVICES=0", False),
    ("print 'done'", False),
])
def test_a_set_aside_line_that_calls_something_may_run_ops(line, runs):
    masked = mask_magics(line + "\n", python2_prints=True)
    assert ("__tfmigrate_may_run_ops__" in masked.text) == runs
