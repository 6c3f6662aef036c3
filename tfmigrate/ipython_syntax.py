"""IPython syntax in a notebook cell, set aside so that the cell parses as Python.

Each line magic, shell line or help query (`%cd ..`, `!pip install x`, `files = !ls`,
`tf.Session?`) is replaced by a placeholder statement of the same indentation; the cell is
rewritten; the original lines are put back. A magic continued with a backslash
(`!pip install \\` ⏎ `    tensorflow==1.15`) gets one placeholder per physical line, so
line numbers hold.

IPython only reads a line as a magic where a statement starts, as its own tokenizer does:
a `%` or `!` at the start of a line inside brackets, inside a string or after a
backslash continuation is Python (`print("%d" ⏎ % n)` is the modulo operator). So the
lines are scanned for brackets, strings and continuations first.

Setting aside is only done where it is provably harmless: every placeholder must parse as
a statement of its own, and must come back once, in order, as a line of its own.
Otherwise the cell is left as it is and reported. A cell under a cell magic whose body is
not Python (`%%bash`, `%%writefile`) is left alone.
"""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass, field
from typing import Sequence

from tfmigrate.cell_placeholders import ENVIRONMENT_CHANGE, MAGIC_PLACEHOLDER_PREFIX, MAY_RUN_OPS

# Cell magics whose body is ordinary Python: the magic line is set aside like a line magic.
PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun"})

_PLACEHOLDER = MAGIC_PLACEHOLDER_PREFIX + "{}__"
_PLACEHOLDER_LINE = re.compile(r"^([ \t]*)__tfmigrate_magic_(\d+)__\(")  # its first line
_SETS_ENVIRONMENT = re.compile(r"^[ \t]*%(?:env[ \t]+[^ \t=]+[ \t]*[= \t]|set_env[ \t])")
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
# `%magic`, `!shell`, `a, b = !shell` / `x = %magic` at the start of a line, or a help
# query that is the whole line (`tf.Session?`, `??tf.Session`).
_MAGIC_LINE = re.compile(
    r"^[ \t]*(?:[%!]|[A-Za-z_][\w.]*(?:[ \t]*,[ \t]*[A-Za-z_][\w.]*)*[ \t]*=[ \t]*[%!]"
    r"|\?{1,2}[A-Za-z_][\w.]*[ \t]*$|[A-Za-z_][\w.]*\?{1,2}[ \t]*$"
    # automagic: `pip install x` without its `%` (never Python: two names side by side)
    r"|(?:pip|conda)[ \t]+(?:install|uninstall|list|show|freeze)\b)"
)
_LINES = re.compile(r".*?(?:\r\n|\r|\n)|.+\Z", re.S)
# A Python 2 print statement: `print x`, `print "a", b`, `print >>f, x` (not `print(x)`,
# not `print = f`, not `print` alone, which are Python 3).
_PYTHON2_PRINT = re.compile(r"^[ \t]*print(?:[ \t]*>>|[ \t]+(?![ \t]*(?:[(=.,;)\]}:#]|$)))")


class CellNotPython(Exception):
    """The cell is IPython syntax that cannot be set aside safely; it is left unchanged."""


@dataclass
class MaskedCell:
    text: str
    originals: list[str]  # the line each placeholder stands for, without its line ending
    foreign: bool = False  # a cell magic with a non-Python body: nothing to rewrite
    cell_magic: bool = False  # starts with a %%magic line, which must stay the first line
    indents: list[str] = field(default_factory=list)  # each placeholder's indentation


def split_lines(text: str) -> list[str]:
    """Lines with their endings, split where Python splits them (\\n, \\r\\n, \\r only)."""
    return _LINES.findall(text)


def line_ending(line: str) -> str:
    return line[len(line.rstrip("\r\n")):]


class _LogicalLines:
    """Where Python statements start: brackets, strings and backslash continuations, read
    one physical line at a time (only what IPython's own tokenizer needs to know)."""

    def __init__(self) -> None:
        self.depth = 0
        self.quote = ""  # the open string's delimiter: ', ", ''' or """
        self.continued = False  # the last line ended with a backslash

    @property
    def at_statement_start(self) -> bool:
        return self.depth == 0 and not self.quote and not self.continued

    def read(self, body: str) -> None:
        i, n, comment = 0, len(body), False
        while i < n:
            c = body[i]
            if self.quote:
                if c == "\\":
                    i += 2
                elif body.startswith(self.quote, i):
                    i += len(self.quote)
                    self.quote = ""
                else:
                    i += 1
                continue
            if c == "#":
                comment = True
                break
            if c in "'\"":
                self.quote = c * 3 if body.startswith(c * 3, i) else c
                i += len(self.quote)
                continue
            if c in "([{":
                self.depth += 1
            elif c in ")]}":
                self.depth = max(0, self.depth - 1)
            i += 1
        ends_with_backslash = not comment and body.endswith("\\")
        if self.quote in ("'", '"') and not ends_with_backslash:
            self.quote = ""  # a one-line string cannot go on to the next line
        self.continued = ends_with_backslash and not self.quote


def mask_magics(text: str, python2_prints: bool = False) -> MaskedCell:
    """The cell with its IPython syntax set aside; with `python2_prints`, Python 2 print
    statements too (a notebook of the Python 2 era: the lines stay as they are, and the
    Python 3 code around them can still be rewritten)."""
    if "__tfmigrate_magic_" in text:
        raise CellNotPython("the cell already contains a tfmigrate placeholder name")
    lines = split_lines(text)
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    cell_magic = None
    if first is not None and lines[first].lstrip().startswith("%%"):
        cell_magic = first
        name = re.match(r"%%(\w*)", lines[first].lstrip()).group(1)  # type: ignore[union-attr]
        if name not in PYTHON_CELL_MAGICS:
            return MaskedCell(text, [], foreign=True)
    out: list[str] = []
    originals: list[str] = []
    indents: list[str] = []
    scanner = _LogicalLines()
    group: list[str] = []  # the lines of the magic (or print statement) being read
    endings: list[str] = []
    magic_indent = ""
    statement = None  # a Python 2 print statement's own scanner, while it goes on
    for i, line in enumerate(lines):
        body = line.rstrip("\r\n")
        if not group and (i == cell_magic or (scanner.at_statement_start and _MAGIC_LINE.match(body))):
            magic_indent = body[: len(body) - len(body.lstrip(" \t"))]
        elif not group and python2_prints and scanner.at_statement_start and _PYTHON2_PRINT.match(body):
            magic_indent, statement = body[: len(body) - len(body.lstrip(" \t"))], _LogicalLines()
        elif not group:
            scanner.read(body)
            out.append(line)
            continue
        # The magic line, or a line it continues: IPython hands them to the magic whole.
        group.append(body)
        endings.append(line_ending(line))
        if statement is not None:  # a print statement goes on while its brackets are open
            statement.read(body)
            done = statement.at_statement_start
        else:
            done = not body.endswith("\\") or i == cell_magic
        if done:
            out.extend(_placeholder_lines(len(originals), magic_indent, group, endings))
            originals.append("\n".join(group))
            indents.append(magic_indent)
            group, endings, statement = [], [], None
    if group:
        raise CellNotPython(f"line {len(lines)}: the cell ends inside an IPython magic continued with a backslash")
    return MaskedCell("".join(out), originals, cell_magic=cell_magic is not None, indents=indents)


def _placeholder_lines(index: int, indent: str, group: list[str], endings: list[str]) -> list[str]:
    """One statement for the whole magic, over as many lines as it had, so that no rewrite
    can put code between a line and the line that continues it:
    `__tfmigrate_magic_0__(pip, install, tensorflow` ⏎ (blank) ⏎ `)`."""
    call = placeholder_call(index, "\n".join(group))
    if len(group) == 1:
        return [indent + call + endings[0]]
    head = call[:-1]  # without its ")"
    return [indent + head + endings[0], *(e for e in endings[1:-1]), ")" + endings[-1]]


def placeholder_call(index: int, magic: str) -> str:
    """`__tfmigrate_magic_3__(sess, device_lib)`: a call that names every identifier of the
    magic line, so that what `%timeit sess.run(x)` uses still counts as used (its import
    and its variable stay), and what it is stays opaque to the rules."""
    names = dict.fromkeys(n for n in _IDENTIFIER.findall(magic) if n.isidentifier() and not keyword.iskeyword(n))
    if _SETS_ENVIRONMENT.match(magic):
        names[ENVIRONMENT_CHANGE] = None
    if (re.search(r"\w[ \t]*\(", magic) and not magic.lstrip().startswith("!")) or re.match(r"[ \t]*%run\b", magic):
        names[MAY_RUN_OPS] = None  # `%time model.fit(x)`: a call, which may run TF ops
    return _PLACEHOLDER.format(index) + "(" + ", ".join(names) + ")"


def check_placeholders_are_statements(module, count: int) -> None:
    """Each placeholder must be a statement of its own: not inside a string, bracket or
    continued line, where replacing the magic by a name would have changed the code."""
    import libcst as cst

    found: list[str] = []

    class Collect(cst.CSTVisitor):
        def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
            value = node.body[0].value if len(node.body) == 1 and isinstance(node.body[0], cst.Expr) else None
            if isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
                found.append(value.func.value)

    module.visit(Collect())
    wanted = [_PLACEHOLDER.format(i) for i in range(count)]
    if [n for n in found if n.startswith("__tfmigrate_magic_")] != wanted:
        raise CellNotPython("an IPython magic line sits inside a statement, string or bracket")


def is_placeholder_line(line: str) -> bool:
    return _PLACEHOLDER_LINE.match(line.rstrip("\r\n")) is not None


def unmask_magics(text: str, originals: Sequence[str], cell_magic: bool = False,
                  indents: Sequence[str] = ()) -> str:
    """Put the magic lines back; every placeholder must come back once, in order, at the
    indentation it had, over the lines it had, and a cell magic must still be the first
    line that is not blank."""
    out, seen = [], 0
    lines = split_lines(text)
    if cell_magic and not is_placeholder_line(next((x for x in lines if x.strip()), "")):
        raise CellNotPython("the rewrite put code above a cell magic")
    i = 0
    while i < len(lines):
        line = lines[i]
        m = _PLACEHOLDER_LINE.match(line)
        if m is None:
            out.append(line)
            i += 1
            continue
        index = int(m.group(2))
        original = originals[index].split("\n") if index < len(originals) else None
        indent = indents[index] if index < len(indents) else None
        if index != seen or original is None or (
                m.group(1) != indent if indent is not None else not original[0].startswith(m.group(1))):
            raise CellNotPython("the rewrite moved an IPython magic line")
        taken = lines[i:i + len(original)]
        if len(taken) != len(original) or [t.strip() for t in taken[1:]] != [""] * (len(original) - 2) + [")"] * (
                len(original) > 1):
            raise CellNotPython("the rewrite changed an IPython magic continued over lines")
        out.extend(body + line_ending(masked) for body, masked in zip(original, taken))
        i += len(original)
        seen += 1
    if seen != len(originals):
        raise CellNotPython("the rewrite dropped an IPython magic line")
    return "".join(out)
