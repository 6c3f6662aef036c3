"""Jupyter notebooks: the Python rewrite, applied to the code cells of a .ipynb file.

The code cells are rewritten together, as one module in notebook order (see below), so an
import in one cell is known in the next. Only the `source` of cells that change is
touched, in the file's own JSON style (notebook_json.py): every byte outside those values
stays. A notebook in which nothing changes is never written.

IPython syntax is set aside before parsing (ipython_syntax.py), and put back after.
A notebook never imports tfmigrate: the memory-fraction helper is written out in a cell
of its own (notebook_runtime.py).

nbformat is imported lazily: only a run that meets a notebook needs it.
"""

from __future__ import annotations

import copy
import difflib
import json
import re
import warnings
import dataclasses
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from tfmigrate import prefilter
from tfmigrate.diagnostics import FOREIGN_CELL_CODE, Diagnostic
from tfmigrate.rule import RuleSelection
from tfmigrate.notebook_json import NewCell, NotebookLayoutError, NotebookText, check_patch, patch
from tfmigrate.notebook_runtime import helper_cell, is_helper_cell, take_runtime_imports, uses
from tfmigrate.ipython_syntax import (
    CellNotPython,
    MaskedCell,
    check_placeholders_are_statements,
    mask_magics,
    placeholder_call,
    split_lines,
    unmask_magics,
)

NOTEBOOK_SUFFIX = ".ipynb"

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
    relevant: bool = False  # holds a trigger word (a site may be in it)


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
    if pieces and above:
        # The first code cell is the notebook's module top; what a file would get below its
        # docstring and `from __future__` imports goes there, and below a cell magic.
        at = _end_of_prologue(cells[0].masked)
        pieces[0][at:at] = above
    if len(pieces) != len(cells):
        raise NotebookNotPython("internal error: a rewrite removed a cell boundary")
    out = []
    for cell, lines in zip(cells, pieces):
        try:
            new = unmask_magics("".join(lines), cell.masked.originals, cell.masked.cell_magic, cell.masked.indents)
        except CellNotPython as exc:
            raise NotebookNotPython(f"{exc} (cell {cell.number})")
        out.append(_ends_as(cell.text, new))
    return out


def _ends_as(old: str, new: str) -> str:
    """The rewritten cell with the line endings and the end of the cell as it had them: a
    blank line a rewrite put before the next cell's marker is not the cell's, Jupyter's last
    line has no newline, and a cell written with CRLF gets CRLF in its new lines too."""
    def blank_tail(lines: list[str]) -> int:
        n = 0
        while n < len(lines) and not lines[len(lines) - 1 - n].strip():
            n += 1
        return n

    lines = split_lines(new)
    keep = blank_tail(split_lines(old))
    while lines and blank_tail(lines) > keep and any(line.strip() for line in lines):
        lines.pop()
    new = "".join(lines)
    if not old.endswith(("\n", "\r")) and new.endswith(("\n", "\r")):
        new = new[:-2] if new.endswith("\r\n") else new[:-1]  # Jupyter's last line has no newline
    if "\r\n" in old and "\n" not in old.replace("\r\n", ""):
        new = re.sub(r"(?<!\r)\n", "\r\n", new)
    return new


_BLOCK_OPENER = re.compile(r"^([ \t]*)[^#\s].*:[ \t]*(?:#.*)?$")


def indent_unit(text: str) -> Optional[str]:
    """The step of the cell's first indented block: the line after a line ending with ":"
    that is indented deeper than it."""
    lines = [line for line in text.splitlines() if line.strip()]
    for line, following in zip(lines, lines[1:]):
        m = _BLOCK_OPENER.match(line)
        if m is None:
            continue
        outer, inner = m.group(1), following[: len(following) - len(following.lstrip(" \t"))]
        if len(inner) > len(outer) and inner.startswith(outer):
            return inner[len(outer):]
    return None


def _with_indent_of(module, texts: Sequence[str]):
    """Code a rule generates takes the module's default indent, which LibCST reads from the
    first indented block anywhere: over joined cells, that is some other cell's. So the
    default becomes the step the cells with TF1 sites use, and every existing block keeps
    its own indentation, written out."""
    import libcst as cst

    units = [u for u in map(indent_unit, texts) if u is not None]
    if not units:
        return module
    unit = max(dict.fromkeys(units), key=units.count)  # the commonest; the first on a tie
    if unit == module.default_indent:
        return module
    old = module.default_indent

    class Explicit(cst.CSTTransformer):
        def leave_IndentedBlock(self, original, updated):
            return updated.with_changes(indent=old) if updated.indent is None else updated

    return module.visit(Explicit()).with_changes(default_indent=unit)


def _end_of_prologue(masked: MaskedCell) -> int:
    """The line (0-based) after the cell's cell magic, docstring and `from __future__`
    imports, where Python allows an import; 0 when the cell opens with none of them."""
    import ast

    try:
        body = ast.parse(masked.text).body
    except SyntaxError:
        return 0
    end = 0
    i = 1 if masked.cell_magic and body else 0
    if i:
        end = body[0].end_lineno or 0
    if i < len(body) and isinstance(body[i], ast.Expr) and isinstance(body[i].value, ast.Constant) \
            and isinstance(body[i].value.value, str):
        end = body[i].end_lineno or end
        i += 1
    while i < len(body) and isinstance(body[i], ast.ImportFrom) and body[i].module == "__future__":
        end = body[i].end_lineno or end
        i += 1
    return end


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
    # (number of the cell it goes before, source): cells the rewrite adds (notebook_runtime)
    new_cells: list[tuple[int, str]] = dataclasses.field(default_factory=list)


def rewrite_cells(cells: Sequence[tuple[int, str]], rules: Sequence, options, display: str,
                  pattern) -> CellsResult:
    """Rewrite the code cells (number, source) of one notebook together."""
    import libcst as cst

    from tfmigrate.transform import _verify, transform_module

    problems: list[str] = []
    usable: list[CodeCell] = []
    foreign: list[Diagnostic] = []  # TF1 names in cells that are not Python (%%bash, ...)
    unreadable: list[tuple[int, str]] = []  # (cell, why) for cells that are not Python
    last_relevant = None
    for number, text in cells:
        relevant = prefilter.might_match(text.encode("utf-8", "surrogatepass"), pattern)
        try:
            masked = mask_magics(text)
            problem = None if masked.foreign else _parse_problem(masked)
            if problem is not None and problem.startswith("cannot parse"):
                # A notebook of the Python 2 era: its print statements are set aside like
                # magics (kept as they are) so that the code around them can be rewritten.
                older = mask_magics(text, python2_prints=True)
                if len(older.originals) > len(masked.originals) and _parse_problem(older) is None:
                    masked, problem = older, None
        except CellNotPython as exc:
            masked, problem = None, str(exc)
        if masked is not None and masked.foreign:
            foreign.extend(_foreign_cell_report(number, text, display) if relevant else ())
            continue
        if masked is not None and is_helper_cell(text):
            continue  # tfmigrate's own helper code (notebook_runtime): no rule reads it
        if relevant:
            last_relevant = number
        if problem is not None:
            # A cell that is not Python (`obj?`, a syntax error) is left out; it matters if
            # it may hold a TF1 site, or comes before one (below).
            unreadable.append((number, problem))
            if relevant:
                problems.append(f"cell {number}: {problem}; cell left unchanged")
            continue
        usable.append(CodeCell(number, text, masked, relevant=relevant))
    if not RuleSelection(options.select, options.ignore).allows(FOREIGN_CELL_CODE):
        foreign = []
    if not any(prefilter.might_match(c.text.encode("utf-8", "surrogatepass"), pattern) for c in usable):
        return CellsResult({}, foreign, problems)
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
        line = placeholder_call(0, text)
        cells_joined = [*usable, CodeCell(0, line + "\n", MaskedCell(line + "\n", [line]))]
    source = join_cells(cells_joined)
    try:
        module = _with_indent_of(cst.parse_module(source), [c.text for c in usable if c.relevant] or
                                 [c.text for c in usable])
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
    diagnostics = sorted([_locate(d, usable, display) for d in diagnostics] + foreign)
    if not result.changed:
        diagnostics += _left_in_silence({c.number: c.text for c in usable}, diagnostics, display)
        return CellsResult({}, sorted(diagnostics), problems, parsed=True)
    new_source = result.code
    problem = _verify(new_source, source)
    if problem is not None:
        raise NotebookNotPython(f"internal error: the rewrite would not compile ({problem})")
    new_texts = split_module(new_source, cells_joined)
    if len(cells_joined) > len(usable) and new_texts[-1] != cells_joined[-1].text:
        raise NotebookNotPython("internal error: a rewrite changed the stand-in for the cells that are not Python")
    changed = {c.number: new for c, new in zip(usable, new_texts) if new != c.text}
    changed, new_cells = _runtime_written_out(changed, usable)
    diagnostics += _left_in_silence({c.number: changed.get(c.number, c.text) for c in usable}, diagnostics, display)
    return CellsResult(changed, sorted(diagnostics), problems, parsed=True, new_cells=new_cells)


_CONFIG_TOKENS = frozenset({"ConfigProto", "GPUOptions", "gpu_options", "set_session", "session_config"})
_ESTIMATOR_TOKENS = frozenset({"EstimatorSpec", "RunConfig", "model_to_estimator"})
# The same names in text that is not Python (a %%bash cell, a magic line), with tf.estimator.*
# and tf.contrib.learn.
_TF1_NAMES = re.compile(r"\b(" + "|".join(sorted(_CONFIG_TOKENS | _ESTIMATOR_TOKENS))
                        + r"|estimator\.\w+|contrib\.learn)\b")


def _tf1_left(text: str) -> Optional[tuple[int, int, str]]:
    """The first code token of the cell (magics set aside) that spells TF1 session-config or
    Estimator API: (line, column, name); comments and strings do not count."""
    import io
    import tokenize

    try:
        masked = mask_magics(text)  # raises for what cannot be set aside: not ours to read
        code = re.sub(r"(__tfmigrate_magic_\d+__\()[^)\n]*", r"\1", masked.text)  # not what a magic names
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(code).readline)
                  if t.type in (tokenize.NAME, tokenize.OP)]
    except (CellNotPython, tokenize.TokenError, SyntaxError):
        return None
    for i, tok in enumerate(tokens):
        if tok.type != tokenize.NAME:
            continue
        if tok.string in _CONFIG_TOKENS or tok.string in _ESTIMATOR_TOKENS:
            return tok.start[0], tok.start[1], tok.string
        if tok.string in ("Session", "InteractiveSession") and i + 1 < len(tokens) and tokens[i + 1].string == "(":
            depth = 0
            for j in range(i + 1, len(tokens)):
                depth += {"(": 1, ")": -1}.get(tokens[j].string, 0)
                if depth == 0:
                    break
                if depth == 1 and tokens[j].string == "config" and j + 1 < len(tokens) and tokens[j + 1].string == "=":
                    return tok.start[0], tok.start[1], f"{tok.string}(config=...)"
    # What a magic or shell line runs (`%time sess = tf.Session(config=...)`, `!python -c
    # "...ConfigProto()"`) is not rewritten either.
    for number, line in enumerate(masked.text.splitlines(), start=1):
        head = re.match(r"[ \t]*__tfmigrate_magic_(\d+)__\(", line)
        found = _TF1_NAMES.search(masked.originals[int(head[1])]) if head else None
        if found is not None:
            return number, 0, found.group(0) + MAGIC_MARK
    return None


MAGIC_MARK = " (in a magic line)"


def _left_in_silence(texts: dict[int, str], diagnostics: Sequence[Diagnostic], display: str) -> list[Diagnostic]:
    """A cell that still spells TF1 session-config or Estimator API after the rewrite, and
    that no report names, gets one: a reviewer reads a notebook cell by cell, and a config
    left in cell 2 (reported there) that cell 9 hands to `InteractiveSession(config=cfg)`
    must not make cell 9 look clean."""
    from tfmigrate.transform import suppressions

    reported = {d.path for d in diagnostics}
    out = []
    for number, text in texts.items():
        where = f"{display}:cell {number}"
        found = _tf1_left(text) if where not in reported else None
        if found is None:
            continue
        line, col, name = found
        if name.endswith(MAGIC_MARK):
            name = name[: -len(MAGIC_MARK)]
            out.append(Diagnostic(where, line, col, "TFM218" if name in _ESTIMATOR_TOKENS else "TFM120",
                                  f"`{name}` is TF1 API in an IPython magic or shell line, which tfmigrate does "
                                  "not rewrite: migrate it by hand"))
            continue
        estimator = name in _ESTIMATOR_TOKENS
        family = [d for d in diagnostics if d.code.startswith("TFM2" if estimator else "TFM1")]
        if family:
            first = family[0]
            message = (f"`{name}` is TF1 API left in this cell; it goes with the site reported at "
                       f"{first.path.rsplit(':', 1)[-1]} line {first.line} ({first.code}), which was left as it is")
            code = first.code
        else:
            message = f"`{name}` is TF1 API left in this cell: tfmigrate found no site here it could follow; " \
                      "migrate it by hand"
            code = "TFM218" if estimator else "TFM120"
        if any(codes is None or code in codes for codes in suppressions(text).values()):
            continue  # the user silenced that report in this cell
        out.append(Diagnostic(where, line, col, code, message))
    return out


# What the nothing-silent promise covers: TF1 session-config and Estimator names.


def _foreign_cell_report(number: int, text: str, display: str) -> list[Diagnostic]:
    """A `%%bash` or `%%writefile` cell is not Python to the rewrite and is left as it is;
    if it names TF1 API, the user is told so rather than told the notebook is clean."""
    found = _TF1_NAMES.search(text)
    if found is None:
        return []
    line = text.count("\n", 0, found.start()) + 1
    magic = next(x for x in text.splitlines() if x.strip()).strip().split()[0]
    return [Diagnostic(f"{display}:cell {number}", line, 0, FOREIGN_CELL_CODE,
                       f"`{found.group(0)}` is TF1 API, in a `{magic}` cell whose body tfmigrate does not read as "
                       "Python: it is left as it is; migrate it by hand, or run tfmigrate on the file the cell "
                       "writes or runs")]


def _runtime_written_out(changed: dict[int, str], cells: Sequence[CodeCell]):
    """The runtime helpers' imports replaced by a cell holding their code (notebook_runtime)."""
    names: dict[str, str] = {}
    for cell in cells:
        if cell.number in changed:
            text, taken = take_runtime_imports(cell.text, changed[cell.number])
            names.update(taken)
            if text == cell.text:
                del changed[cell.number]
            else:
                changed[cell.number] = text
    if not names:
        return changed, []
    first = next((c.number for c in cells if uses(changed.get(c.number, c.text), names)), None)
    source = helper_cell(names)
    if first is None or source is None:
        raise NotebookNotPython("internal error: the memory-fraction helper could not be written out")
    return changed, [(first, source)]


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
    if not outcome.new_texts and not outcome.new_cells:
        return FileResult(display, "unchanged", outcome.diagnostics, error=error, parsed=outcome.parsed)

    diffs = []
    for number, cell in code_cells:
        new = outcome.new_texts.get(number)
        if new is None:
            continue
        if options.mode == "diff":
            diffs.append(_cell_diff(_source_text(cell), new, f"{display}:cell {number}"))
        # The form the source had: Jupyter writes a list of lines, some tools a string.
        cell["source"] = new if isinstance(cell.get("source"), str) else new.splitlines(True)
    added = []
    for before, source in outcome.new_cells:
        if options.mode == "diff":
            diffs.append(_cell_diff("", source, f"{display}:new cell before cell {before}"))
        added.append(NewCell(before - 1, source, _new_cell_id(notebook)))
    for new_cell in sorted(added, key=lambda c: -c.before):
        notebook["cells"].insert(new_cell.before, new_cell.as_json())
    try:
        # Only the changed sources are written, in the file's own style; every other byte stays.
        new_text = patch(NotebookText.parse(text), {n - 1: t for n, t in outcome.new_texts.items()}, added)
        check_patch(new_text, notebook)
    except (NotebookLayoutError, ValueError) as exc:
        return FileResult(display, "failed", outcome.diagnostics, error=f"{exc}; left unchanged", parsed=True)
    if options.mode != "write":
        return FileResult(display, "would-rewrite", outcome.diagnostics, diff="".join(diffs) or None, error=error,
                          parsed=True)
    try:
        write_atomic(path, new_text.encode("utf-8"), expected=data)
    except ChangedDuringRun:
        return FileResult(display, "failed", outcome.diagnostics, error=ChangedDuringRun.message, parsed=True)
    except OSError as exc:
        return FileResult(display, "failed", outcome.diagnostics, error=f"cannot write: {exc}", parsed=True)
    return FileResult(display, "rewritten", outcome.diagnostics, error=error, parsed=True)


def _new_cell_id(notebook: dict) -> Optional[str]:
    """nbformat 4.5 gives every cell an id; an added cell gets one no other cell has."""
    if (notebook.get("nbformat"), notebook.get("nbformat_minor", 0)) < (4, 5):
        return None
    taken = {cell.get("id") for cell in notebook["cells"]}
    candidate, n = "tfmigrate-gpu-memory", 1
    while candidate in taken:
        n += 1
        candidate = f"tfmigrate-gpu-memory-{n}"
    return candidate


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
