"""Jupyter notebooks: the Python rewrite, applied to the code cells of a .ipynb file.

The code cells are rewritten together, as one module in notebook order (see below), so an
import in one cell is known in the next. Only the `source` of cells that change is
touched. Outputs, metadata, cell ids, the order of keys and the JSON layout are kept: the
layout is found by re-serialising the notebook as it was read and keeping the json.dumps
settings that give back the original text exactly (Jupyter's own layout, indent 1 and
sorted keys, is tried first and is the fallback). A notebook in which nothing changes is
never written.

IPython syntax is set aside before parsing: each line magic, shell line or help query
(`%cd ..`, `!pip install x`, `files = !ls`, `tf.Session?`) is replaced by a placeholder
statement of the same indentation, the cells are rewritten, and the original lines are
put back. This is only done when it is provably harmless: every placeholder must parse as
a statement of its own (so it was not inside a string or a bracket), and must come back
once, in order, as a line of its own. Otherwise the cell is left as it is and reported.
A cell under a cell magic whose body is not Python (`%%bash`, `%%writefile`) is left alone.

nbformat is imported lazily: only a run that meets a notebook needs it.
"""

from __future__ import annotations

import copy
import difflib
import json
import keyword
import re
import warnings
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from tfmigrate import prefilter
from tfmigrate.cell_placeholders import ENVIRONMENT_CHANGE, MAGIC_PLACEHOLDER_PREFIX
from tfmigrate.diagnostics import Diagnostic

NOTEBOOK_SUFFIX = ".ipynb"

# Cell magics whose body is ordinary Python: the magic line is set aside like a line magic.
PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun"})

_PLACEHOLDER = MAGIC_PLACEHOLDER_PREFIX + "{}__"
_PLACEHOLDER_LINE = re.compile(r"^([ \t]*)__tfmigrate_magic_(\d+)__\(.*\)$")
_SETS_ENVIRONMENT = re.compile(r"^[ \t]*%(?:env[ \t]+[^ \t=]+[ \t]*[= \t]|set_env[ \t])")
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
# `%magic`, `!shell`, `a, b = !shell` / `x = %magic` at the start of a line, or a help
# query that is the whole line (`tf.Session?`, `??tf.Session`).
_MAGIC_LINE = re.compile(
    r"^[ \t]*(?:[%!]|[A-Za-z_][\w.]*(?:[ \t]*,[ \t]*[A-Za-z_][\w.]*)*[ \t]*=[ \t]*[%!]"
    r"|\?{1,2}[A-Za-z_][\w.]*[ \t]*$|[A-Za-z_][\w.]*\?{1,2}[ \t]*$)"
)
_LINES = re.compile(r".*?(?:\r\n|\r|\n)|.+\Z", re.S)


# -- IPython syntax --------------------------------------------------------------------


class CellNotPython(Exception):
    """The cell is IPython syntax that cannot be set aside safely; it is left unchanged."""


@dataclass
class MaskedCell:
    text: str
    originals: list[str]  # the line each placeholder stands for, without its line ending
    foreign: bool = False  # a cell magic with a non-Python body: nothing to rewrite
    cell_magic: bool = False  # starts with a %%magic line, which must stay the first line


def split_lines(text: str) -> list[str]:
    """Lines with their endings, split where Python splits them (\\n, \\r\\n, \\r only)."""
    return _LINES.findall(text)


def _ending(line: str) -> str:
    return line[len(line.rstrip("\r\n")):]


def mask_magics(text: str) -> MaskedCell:
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
    out, originals = [], []
    for i, line in enumerate(lines):
        body = line.rstrip("\r\n")
        if i == cell_magic or _MAGIC_LINE.match(body):
            if body.rstrip().endswith("\\"):
                raise CellNotPython(f"line {i + 1}: an IPython magic continued with a backslash")
            indent = body[: len(body) - len(body.lstrip(" \t"))]
            out.append(indent + _placeholder(len(originals), body) + _ending(line))
            originals.append(body)
        else:
            out.append(line)
    return MaskedCell("".join(out), originals, cell_magic=cell_magic is not None)


def _placeholder(index: int, magic: str) -> str:
    """`__tfmigrate_magic_3__(sess, device_lib)`: a call that names every identifier of the
    magic line, so that what `%timeit sess.run(x)` uses still counts as used (its import
    and its variable stay), and what it is stays opaque to the rules."""
    names = dict.fromkeys(n for n in _IDENTIFIER.findall(magic) if n.isidentifier() and not keyword.iskeyword(n))
    if _SETS_ENVIRONMENT.match(magic):
        names[ENVIRONMENT_CHANGE] = None
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


def unmask_magics(text: str, originals: Sequence[str], cell_magic: bool = False) -> str:
    """Put the magic lines back; every placeholder must come back once, in order, and a
    cell magic must still be the first line that is not blank."""
    out, seen = [], 0
    lines = split_lines(text)
    if cell_magic and not _PLACEHOLDER_LINE.match(next((x for x in lines if x.strip()), "").rstrip("\r\n")):
        raise CellNotPython("the rewrite put code above a cell magic")
    for line in lines:
        m = _PLACEHOLDER_LINE.match(line.rstrip("\r\n"))
        if m is None:
            out.append(line)
            continue
        index = int(m.group(2))
        original = originals[index] if index < len(originals) else None
        if index != seen or original is None or not original.startswith(m.group(1)):
            raise CellNotPython("the rewrite moved an IPython magic line")
        out.append(original + _ending(line))
        seen += 1
    if seen != len(originals):
        raise CellNotPython("the rewrite dropped an IPython magic line")
    return "".join(out)


# -- the code cells as one module --------------------------------------------------------
#
# A notebook's cells share one namespace: `import tensorflow as tf` in cell 1 is what makes
# `tf.ConfigProto` in cell 5 a TensorFlow call. So the code cells are rewritten together, as
# one module in notebook order, each preceded by a marker statement; the rewritten module is
# cut back into cells at the markers. Imports a rewrite adds land at the top of the first
# code cell, as they would at the top of a file.


class NotebookNotPython(Exception):
    """The cells could not be rewritten together; the notebook is left unchanged."""


@dataclass
class CodeCell:
    number: int  # 1-based position among all the notebook's cells, markdown included
    text: str
    masked: MaskedCell
    start_line: int = 0  # the line of the module where the cell's first line is


_MARKER = "__tfmigrate_cell_{}__"
_MARKER_LINE = re.compile(r"^__tfmigrate_cell_(\d+)__$")


def join_cells(cells: Sequence[CodeCell]) -> str:
    parts, line = [], 1
    for index, cell in enumerate(cells):
        text = cell.masked.text
        if text and not text.endswith(("\n", "\r")):
            text += "\n"
        parts.append(_MARKER.format(index) + "\n" + text)
        cell.start_line = line + 1
        line += 1 + len(split_lines(text))
    return "".join(parts)


def split_module(text: str, cells: Sequence[CodeCell]) -> list[str]:
    """The inverse of join_cells, for the rewritten module: every marker must still be a
    line of its own, once and in order, or a rewrite crossed a cell boundary."""
    pieces: list[list[str]] = []
    above: list[str] = []  # imports a rewrite adds go to the top of the module
    for line in split_lines(text):
        m = _MARKER_LINE.match(line.rstrip("\r\n"))
        if m is not None:
            if int(m.group(1)) != len(pieces):
                raise NotebookNotPython("internal error: a rewrite moved code across a cell boundary")
            pieces.append([])
        elif not pieces:
            above.append(line)
        else:
            pieces[-1].append(line)
    if pieces:
        pieces[0][:0] = above  # the top of the first code cell: unmask refuses it above a %%magic
    if len(pieces) != len(cells):
        raise NotebookNotPython("internal error: a rewrite removed a cell boundary")
    out = []
    for cell, lines in zip(cells, pieces):
        try:
            new = unmask_magics("".join(lines), cell.masked.originals, cell.masked.cell_magic)
        except CellNotPython as exc:
            raise NotebookNotPython(f"{exc} (cell {cell.number})")
        if not cell.text.endswith(("\n", "\r")) and new.endswith("\n"):
            new = new[:-2] if new.endswith("\r\n") else new[:-1]  # Jupyter's last line has no newline
        out.append(new)
    return out


def _parse_problem(masked: MaskedCell) -> Optional[str]:
    """Why the cell alone is not Python with its magics set aside, or None."""
    import libcst as cst

    try:
        module = cst.parse_module(masked.text)
        check_placeholders_are_statements(module, len(masked.originals))
    except cst.ParserSyntaxError as exc:
        from tfmigrate.transform import parse_error

        return parse_error(masked.text, exc)
    except CellNotPython as exc:
        return str(exc)
    except RecursionError:
        return "too deeply nested to parse"
    return None


@dataclass
class CellsResult:
    new_texts: dict[int, str]  # cell number -> its rewritten source, for cells that changed
    diagnostics: list[Diagnostic]
    problems: list[str]  # "cell 4: ..." for cells that could not be rewritten
    parsed: bool = False


def rewrite_cells(cells: Sequence[tuple[int, str]], rules: Sequence, options, display: str,
                  pattern) -> CellsResult:
    """Rewrite the code cells (number, source) of one notebook together."""
    import libcst as cst

    from tfmigrate.transform import _verify, transform_module

    problems: list[str] = []
    usable: list[CodeCell] = []
    unreadable: list[tuple[int, str]] = []  # (cell, why) for cells that are not Python
    last_relevant = None
    for number, text in cells:
        relevant = prefilter.might_match(text.encode("utf-8", "surrogatepass"), pattern)
        try:
            masked = mask_magics(text)
            problem = None if masked.foreign else _parse_problem(masked)
        except CellNotPython as exc:
            masked, problem = None, str(exc)
        if masked is not None and masked.foreign:
            continue
        if relevant:
            last_relevant = number
        if problem is not None:
            # A cell that is not Python (`obj?`, a syntax error) is left out; it matters if
            # it may hold a TF1 site, or comes before one (below).
            unreadable.append((number, problem))
            if relevant:
                problems.append(f"cell {number}: {problem}; cell left unchanged")
            continue
        usable.append(CodeCell(number, text, masked))
    if not any(prefilter.might_match(c.text.encode("utf-8", "surrogatepass"), pattern) for c in usable):
        return CellsResult({}, [], problems)
    before = [(n, why) for n, why in unreadable if last_relevant is not None and n < last_relevant]
    if before:
        # What it imports or runs (an op that starts the runtime) decides the rewrite of
        # the TF1 code after it, and cannot be known: a Python 2 notebook, say.
        number, why = before[0]
        raise NotebookNotPython(f"cell {number}: {why}, and later cells hold TF1 code whose rewrite depends on "
                                "what runs before it")

    cells_joined = usable
    if unreadable:  # after every TF1 cell (see above); what they name still counts as used
        text = "\n".join(t for n, t in cells if n in {number for number, _ in unreadable})
        line = _placeholder(0, text)
        cells_joined = [*usable, CodeCell(0, line + "\n", MaskedCell(line + "\n", [line]))]
    source = join_cells(cells_joined)
    try:
        module = cst.parse_module(source)
        result = transform_module(module, rules, options, display, text=source)
    except cst.ParserSyntaxError as exc:  # each cell parses alone, but not in sequence
        raise NotebookNotPython(f"the code cells do not parse in sequence (line {exc.raw_line} of the cells "
                                f"joined): {exc.message}")
    except RecursionError:
        raise NotebookNotPython("too deeply nested to parse")
    except Exception as exc:  # a bug in a rule must never cost the user a notebook
        raise NotebookNotPython(f"internal error: {type(exc).__name__}: {exc}")

    diagnostics = list(result.diagnostics)
    if options.list_fixes:
        diagnostics = sorted(diagnostics + result.fixes)
    diagnostics = [_locate(d, usable, display) for d in diagnostics]
    if not result.changed:
        return CellsResult({}, diagnostics, problems, parsed=True)
    new_source = result.code
    problem = _verify(new_source, source)
    if problem is not None:
        raise NotebookNotPython(f"internal error: the rewrite would not compile ({problem})")
    new_texts = split_module(new_source, cells_joined)
    if len(cells_joined) > len(usable) and new_texts[-1] != cells_joined[-1].text:
        raise NotebookNotPython("internal error: a rewrite changed the stand-in for the cells that are not Python")
    changed = {c.number: new for c, new in zip(usable, new_texts) if new != c.text}
    return CellsResult(changed, diagnostics, problems, parsed=True)


def _locate(d: Diagnostic, cells: Sequence[CodeCell], display: str) -> Diagnostic:
    """A line of the joined module -> the cell and the line inside that cell, for the
    report's position and for each "line N" its message names."""
    cell = _cell_at(d.line, cells)

    def local(m: re.Match) -> str:
        other = _cell_at(int(m[1]), cells)
        line = int(m[1]) - other.start_line + 1
        return f"line {line}" if other is cell else f"cell {other.number} line {line}"

    message = _LINE_IN_MESSAGE.sub(local, d.message)
    return Diagnostic(f"{display}:cell {cell.number}", d.line - cell.start_line + 1, d.col, d.code, message)


_LINE_IN_MESSAGE = re.compile(r"\bline (\d+)\b")


def _cell_at(line: int, cells: Sequence[CodeCell]) -> CodeCell:
    cell = cells[0]
    for candidate in cells:
        if candidate.start_line <= line:
            cell = candidate
    return cell


# -- the notebook file -----------------------------------------------------------------------


@dataclass(frozen=True)
class JsonLayout:
    indent: Optional[int]
    sort_keys: bool
    ensure_ascii: bool
    separators: tuple[str, str]
    newline: str
    final_newline: bool

    def dump(self, notebook: Any) -> str:
        text = json.dumps(notebook, indent=self.indent, sort_keys=self.sort_keys,
                          ensure_ascii=self.ensure_ascii, separators=self.separators)
        if self.newline != "\n":
            text = text.replace("\n", self.newline)  # JSON strings escape their newlines
        return text + self.newline if self.final_newline else text


# How nbformat (and so Jupyter) writes a notebook: nbformat.v4.nbjson.JSONWriter + write().
JUPYTER_LAYOUT = JsonLayout(indent=1, sort_keys=True, ensure_ascii=False, separators=(",", ": "),
                            newline="\n", final_newline=True)


def find_layout(text: str, notebook: Any) -> Optional[JsonLayout]:
    """The json.dumps settings that reproduce `text` exactly from `notebook`, if any."""
    newline = "\r\n" if "\r\n" in text else "\n"
    final = text.endswith(newline)
    body = text.split(newline, 2)
    indent = None
    if len(body) > 1 and body[1].strip():
        indent = len(body[1]) - len(body[1].lstrip(" "))
    separator_choices = [(",", ": ")] if indent is not None else [(", ", ": "), (",", ":")]
    for sort_keys in (True, False):
        for ensure_ascii in (False, True):
            for separators in separator_choices:
                layout = JsonLayout(indent, sort_keys, ensure_ascii, separators, newline, final)
                if layout.dump(notebook) == text:
                    return layout
    return None


def _kernel_language(notebook: dict) -> Optional[str]:
    metadata = notebook.get("metadata") or {}
    for table, key in (("kernelspec", "language"), ("language_info", "name")):
        value = (metadata.get(table) or {}).get(key)
        if isinstance(value, str):
            return value.lower()
    return None


def _import_nbformat():
    try:
        import nbformat
    except ImportError:
        return None
    return nbformat


def _validation_problem(nbformat, notebook: Any) -> Optional[str]:
    if not isinstance(notebook, dict) or notebook.get("nbformat") != 4:
        version = notebook.get("nbformat") if isinstance(notebook, dict) else None
        return f"nbformat {version} is not supported, only nbformat 4 (open and save it in Jupyter to upgrade)"
    # nbformat's validator repairs what it checks (cell ids, duplicate ids): let it work on a copy.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            nbformat.validate(copy.deepcopy(notebook))
        except nbformat.ValidationError as exc:
            return str(getattr(exc, "message", exc)).splitlines()[0]
    return None


def _cell_diff(old: str, new: str, where: str) -> str:
    def lines(text: str) -> list[str]:
        return [line if line.endswith(("\n", "\r")) else line + "\n" for line in split_lines(text)]

    return "".join(difflib.unified_diff(lines(old), lines(new), fromfile=f"a/{where}", tofile=f"b/{where}"))


def process_notebook(path: str, data: bytes, rules: Sequence, options, display: str):
    """The notebook counterpart of engine.process_bytes: same statuses, same contract."""
    from tfmigrate.transform import FileResult, trigger_pattern
    from tfmigrate.files import ChangedDuringRun, write_atomic

    nbformat = _import_nbformat()
    if nbformat is None:
        return FileResult(display, "failed",
                          error="notebook skipped: nbformat is not installed (pip install nbformat); left unchanged")
    try:
        text = data.decode("utf-8")
        notebook = json.loads(text)
    except UnicodeDecodeError as exc:
        return FileResult(display, "failed", error=f"cannot decode: a notebook is UTF-8 JSON ({exc.reason}); "
                                                   "left unchanged")
    except ValueError as exc:
        where = f" (line {exc.lineno}, column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else ""
        msg = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
        return FileResult(display, "failed", error=f"broken notebook JSON{where}: {msg}; left unchanged")
    problem = _validation_problem(nbformat, notebook)
    if problem is not None:
        return FileResult(display, "failed", error=f"not a valid notebook: {problem}; left unchanged")
    language = _kernel_language(notebook)
    if language not in (None, "python"):
        return FileResult(display, "skipped")

    code_cells = [(number, cell) for number, cell in enumerate(notebook["cells"], start=1)
                  if cell.get("cell_type") == "code"]
    sources = [(number, _source_text(cell)) for number, cell in code_cells]
    try:
        outcome = rewrite_cells(sources, rules, options, display,
                                trigger_pattern(options))
    except NotebookNotPython as exc:
        return FileResult(display, "failed", error=f"{exc}; left unchanged", parsed=True)
    if options.tf_upgrade:
        try:
            _upgrade_cells(sources, outcome, options, display)
        except Exception as exc:  # ScriptUnavailable: the script cannot run at all
            return FileResult(display, "failed", outcome.diagnostics, error=f"--tf-upgrade: {exc}; left unchanged",
                              parsed=True)
    error = "\n".join(outcome.problems) or None
    if not outcome.new_texts:
        return FileResult(display, "unchanged", outcome.diagnostics, error=error, parsed=outcome.parsed)

    diffs = []
    for number, cell in code_cells:
        new = outcome.new_texts.get(number)
        if new is None:
            continue
        if options.mode == "diff":
            diffs.append(_cell_diff(_source_text(cell), new, f"{display}:cell {number}"))
        # Keep the form the source had: Jupyter writes a list of lines, some tools a string.
        cell["source"] = new if isinstance(cell.get("source"), str) else new.splitlines(True)
    if options.mode != "write":
        return FileResult(display, "would-rewrite", outcome.diagnostics, diff="".join(diffs) or None, error=error,
                          parsed=True)
    # Lay the edited notebook out the way the original was laid out, if that can be found.
    layout = find_layout(text, json.loads(text)) or JUPYTER_LAYOUT
    try:
        write_atomic(path, layout.dump(notebook).encode("utf-8"), expected=data)
    except ChangedDuringRun:
        return FileResult(display, "failed", outcome.diagnostics, error=ChangedDuringRun.message, parsed=True)
    except OSError as exc:
        return FileResult(display, "failed", outcome.diagnostics, error=f"cannot write: {exc}", parsed=True)
    return FileResult(display, "rewritten", outcome.diagnostics, error=error, parsed=True)


def _upgrade_cells(sources: Sequence[tuple[int, str]], outcome: CellsResult, options, display: str) -> None:
    """TensorFlow's upgrade script on each code cell, as tfmigrate's rules left it, one
    cell at a time (its renames need no other cell). A cell with IPython magics is not
    given to it, since it would not parse them: that cell is reported if it names `tf.`."""
    from tfmigrate.tf_upgrade import KEPT_OUT_CODE, upgrade_file_text

    names_tensorflow = any("tensorflow" in text for _, text in sources)  # the import is in one cell
    for number, original in sources:
        text = outcome.new_texts.get(number, original)
        where = f"{display}:cell {number}"
        try:
            masked = mask_magics(text)
        except CellNotPython:
            continue  # already reported, or not Python
        if masked.foreign:
            continue
        if masked.originals:
            if "tf." in text:
                outcome.diagnostics.append(Diagnostic(where, 1, 0, KEPT_OUT_CODE, "the cell has IPython magics, which "
                                                      "the upgrade script cannot read: it was not run on this cell"))
            continue
        if _parse_problem(masked) is not None:
            continue
        upgraded, renames, kept_out = upgrade_file_text(
            text, where, options.tf_upgrade_python, names_tensorflow, original=original,
            own_lines=frozenset(d.line for d in outcome.diagnostics if d.path == where))
        outcome.diagnostics.extend(kept_out)
        if options.list_fixes:
            outcome.diagnostics.extend(renames)
        if upgraded != text:
            if upgraded != original:
                outcome.new_texts[number] = upgraded
            else:
                outcome.new_texts.pop(number, None)
    outcome.diagnostics.sort()


def _source_text(cell: dict) -> str:
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(source)
