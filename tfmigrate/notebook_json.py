"""A notebook's JSON text, edited in place: only what changes is written, in the file's own style.

Notebooks are written by many tools, each in its own JSON dialect: nbformat (Jupyter,
JupyterLab) with indent 1 and sorted keys, Colab with indent 2, `<`, `>` and `&` written
as `\\u003c`-style escapes and no final newline, VS Code, ensure_ascii writers, CRLF files.
Re-serialising the whole notebook can only be right for the dialects one knows. So the
text is never re-serialised: the character spans of each cell and of its `source` value
are found, and only the `source` values of the cells that changed are replaced. Every
other byte of the file is kept.

Inside a replaced value the file's style is kept too:
* a line the rewrite did not change keeps its original JSON text, escapes and all;
* a new line is encoded in the escape style the file shows (ensure_ascii, `\\u003c`-style
  HTML escapes, `\\/`, upper-case hex digits);
* a list of lines keeps the whitespace between its items, a single string stays one.

A cell the rewrite adds (the memory-fraction helper, see notebook_runtime.py) is written
with the key order and indentation of the code cell it goes before.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from json.decoder import scanstring
from typing import Any, Optional, Sequence

from tfmigrate.ipython_syntax import split_lines

_WHITESPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


class NotebookLayoutError(ValueError):
    """The text is not laid out as a notebook the patcher can read (it is left unchanged)."""


@dataclass
class CellSpan:
    start: int  # the cell object's "{"
    end: int  # just after its "}"
    keys: list[str]
    source: Optional[tuple[int, int]]  # the span of the "source" value, if the cell has one


@dataclass
class NotebookText:
    text: str
    cells: list[CellSpan]
    style: "JsonStyle" = field(init=False)

    def __post_init__(self) -> None:
        self.style = JsonStyle.of(self.text)

    @classmethod
    def parse(cls, text: str) -> "NotebookText":
        return cls(text, _locate_cells(text))


# -- finding the spans -----------------------------------------------------------------------


def _skip(text: str, i: int) -> int:
    return _WHITESPACE.match(text, i).end()  # type: ignore[union-attr]


def _expect(text: str, i: int, char: str) -> int:
    if i >= len(text) or text[i] != char:
        raise NotebookLayoutError(f"expected {char!r} at character {i}")
    return i + 1


def _members(text: str, i: int):
    """(key, value start, value end) of the object whose "{" is at i; then the end."""
    i = _skip(text, _expect(text, i, "{"))
    if text.startswith("}", i):
        return [], i + 1
    out = []
    while True:
        if not text.startswith('"', i):
            raise NotebookLayoutError(f"expected a key at character {i}")
        key, i = scanstring(text, i + 1)
        i = _skip(text, _expect(text, _skip(text, i), ":"))
        _, end = _DECODER.raw_decode(text, i)
        out.append((key, i, end))
        i = _skip(text, end)
        if text.startswith("}", i):
            return out, i + 1
        i = _skip(text, _expect(text, i, ","))


def _locate_cells(text: str) -> list[CellSpan]:
    top, _ = _members(text, _skip(text, 0))
    found = [(start, end) for key, start, end in top if key == "cells"]
    if len(found) != 1:
        raise NotebookLayoutError("the notebook has no single 'cells' list")
    i, end = found[0]
    i = _skip(text, _expect(text, i, "["))
    cells: list[CellSpan] = []
    while i < end and not text.startswith("]", i):
        members, cell_end = _members(text, i)
        source = [(s, e) for key, s, e in members if key == "source"]
        cells.append(CellSpan(i, cell_end, [key for key, _, _ in members], source[-1] if source else None))
        i = _skip(text, cell_end)
        if text.startswith(",", i):
            i = _skip(text, i + 1)
    return cells


# -- the file's escape style --------------------------------------------------------------------

_ESCAPE_OR_SPECIAL = re.compile(r"(\\u[0-9a-fA-F]{4}|\\.)|([<>&/\u2028\u2029])")
_RAW_LINE_UNITS = re.compile(r"\\u[0-9a-fA-F]{4}|\\.|[^\\]", re.S)


@dataclass(frozen=True)
class JsonStyle:
    ensure_ascii: bool = False  # non-ASCII written as \uXXXX
    html_escapes: bool = False  # <, >, & (and U+2028/9) written as \u003c ... (Go, Colab)
    escaped_slash: bool = False  # / written as \/ (PHP, some JS writers)
    upper_hex: bool = False  # \u00E9 rather than \u00e9
    inline_separator: str = ", "  # between list items that share a line
    indent_unit: str = " "  # one level of indentation, for a cell added to the file
    multiline: bool = True  # laid out over lines (json.dumps with an indent)
    newline: str = "\n"

    @classmethod
    def of(cls, text: str) -> "JsonStyle":
        raw_non_ascii = any(ord(c) > 127 for c in text)
        lines = text.splitlines()
        unit = " "
        if len(lines) > 1 and lines[1].strip():
            width = len(lines[1]) - len(lines[1].lstrip(" \t"))
            unit = lines[1][:width] or unit
        inline = ", "
        for match in re.finditer(r'"(,[ ]?)"', text):  # two strings side by side in a list
            inline = match.group(1)
            break
        return cls(
            # A file with no raw non-ASCII byte gets none: escapes are what an ensure_ascii
            # writer (json.dumps's default) would write, and valid JSON for any reader.
            ensure_ascii=not raw_non_ascii,
            html_escapes=re.search(r"\\u00(?:3[cCeE]|26)", text) is not None,
            escaped_slash="\\/" in text,
            upper_hex=re.search(r"\\u[0-9a-fA-F]{0,3}[A-F]", text) is not None,
            inline_separator=inline,
            indent_unit=unit,
            multiline="\n" in text.strip(),
            newline="\r\n" if "\r\n" in text else "\n",
        )

    def encode(self, value: Any, indent: Optional[str] = None, level: str = "") -> str:
        """`value` as JSON text in this style; with `indent`, laid out over lines, each
        line after the first starting with `level`."""
        separators = (",", ": ") if indent is not None else (self.inline_separator, ": ")
        text = json.dumps(value, ensure_ascii=self.ensure_ascii, indent=indent, separators=separators)
        if indent is not None and level:
            text = text.replace("\n", "\n" + level)

        def escape(m: re.Match) -> str:
            escaped, special = m.group(1), m.group(2)
            if escaped is not None:
                if escaped.startswith("\\u"):
                    return "\\u" + (escaped[2:].upper() if self.upper_hex else escaped[2:].lower())
                if self.html_escapes and escaped in ("\\b", "\\f"):  # Go writes no short forms
                    return "\\u00" + ("08" if escaped == "\\b" else "0C" if self.upper_hex else "0c")
                return escaped
            if special == "/":
                return "\\/" if self.escaped_slash else "/"
            if self.html_escapes:
                code = f"{ord(special):04x}"
                return "\\u" + (code.upper() if self.upper_hex else code)
            return special

        return _ESCAPE_OR_SPECIAL.sub(escape, text)


# -- a cell's source -----------------------------------------------------------------------------


def _string_lines(raw: str) -> list[tuple[str, str]]:
    """A JSON string's (decoded line, raw text) pieces, split after each newline it holds."""
    body = raw[1:-1]
    out: list[tuple[str, str]] = []
    decoded, start = [], 0
    position = 0
    for unit in _RAW_LINE_UNITS.findall(body):
        char = json.loads('"' + unit + '"') if unit.startswith("\\") else unit
        decoded.append(char)
        position += len(unit)
        if char == "\n" or char == "\r":
            # "\r\n" is one line ending: the "\r" waits for what follows.
            if char == "\r" and body[position:position + 2] in ("\\n",):
                continue
            out.append(("".join(decoded), body[start:position]))
            decoded, start = [], position
    if decoded:
        out.append(("".join(decoded), body[start:]))
    return out


def _split_like_jupyter(text: str) -> list[str]:
    return text.splitlines(True)


def encode_source(raw_old: str, new: str, style: JsonStyle, key_indent: str) -> str:
    """The JSON text for a cell's new source, reusing the raw text of every unchanged line."""
    old = json.loads(raw_old)
    if isinstance(old, str):
        pieces = [(decoded, '"' + raw + '"') for decoded, raw in _string_lines(raw_old)]
        encoded = _reuse(pieces, split_lines(new), style)
        return '"' + "".join(e[1:-1] for e in encoded) + '"'
    if not isinstance(old, list):
        raise NotebookLayoutError("a cell's source is neither a string nor a list")
    items = _list_items(raw_old)
    new_items = _split_like_jupyter(new)
    encoded = _reuse([(json.loads(raw_old[a:b]), raw_old[a:b]) for a, b in items], new_items, style)
    if not encoded:
        return "[]"
    opening, separator, closing = _list_whitespace(raw_old, items, style, key_indent)
    return "[" + opening + separator.join(encoded) + closing + "]"


def _reuse(old: Sequence[tuple[str, str]], new: Sequence[str], style: JsonStyle) -> list[str]:
    """JSON strings for the `new` lines: an old line's own text (old: (decoded, JSON)) where
    the line is unchanged, this file's style for the rest."""
    matcher = SequenceMatcher(None, [d for d, _ in old], list(new), autojunk=False)
    out: list[str] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            out.extend(raw for _, raw in old[i1:i2])
        else:
            out.extend(style.encode(line) for line in new[j1:j2])
    return out


def _list_items(raw: str) -> list[tuple[int, int]]:
    """The span of each string of a JSON list of strings, in `raw`."""
    items, i = [], _skip(raw, 1)
    while i < len(raw) and raw[i] != "]":
        _, end = _DECODER.raw_decode(raw, i)
        items.append((i, end))
        i = _skip(raw, end)
        if raw.startswith(",", i):
            i = _skip(raw, i + 1)
    return items


def _list_whitespace(raw: str, items: list[tuple[int, int]], style: JsonStyle,
                     key_indent: str) -> tuple[str, str, str]:
    """(after "[", between items, before "]") as the list had them."""
    if items:
        opening, closing = raw[1:items[0][0]], raw[items[-1][1]:-1]
        if len(items) > 1:
            between = raw[items[0][1]:items[1][0]]
        else:
            between = "," + opening if "\n" in opening else style.inline_separator
        return opening, between, closing
    # An empty list: lay the items out as the file lays out its other lists.
    if not style.multiline:
        return "", style.inline_separator, ""
    item = style.newline + key_indent + style.indent_unit
    return item, "," + item, style.newline + key_indent


# -- the edit ----------------------------------------------------------------------------------


def _line_indent(text: str, position: int) -> str:
    start = text.rfind("\n", 0, position) + 1
    line = text[start:position]
    return line if not line.strip() else line[: len(line) - len(line.lstrip(" \t"))]


@dataclass
class NewCell:
    before: int  # the index (0-based, among all cells) of the cell it goes before
    source: str
    cell_id: Optional[str] = None

    def as_json(self) -> dict:
        cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                "source": _split_like_jupyter(self.source)}
        if self.cell_id is not None:
            cell["id"] = self.cell_id
        return cell


def patch(notebook_text: NotebookText, new_sources: dict[int, str], new_cells: Sequence[NewCell] = ()) -> str:
    """The file's text with the sources of the cells in `new_sources` (0-based index ->
    text) replaced, and `new_cells` added; every other byte is the original's."""
    text, style = notebook_text.text, notebook_text.style
    edits: list[tuple[int, int, str]] = []
    for index, new in new_sources.items():
        cell = notebook_text.cells[index]
        if cell.source is None:
            raise NotebookLayoutError(f"cell {index + 1} has no source")
        start, end = cell.source
        key_indent = _line_indent(text, start)
        edits.append((start, end, encode_source(text[start:end], new, style, key_indent)))
    for added in new_cells:
        edits.append(_insertion(notebook_text, added))
    out, at = [], 0
    for start, end, replacement in sorted(edits, key=lambda e: (e[0], e[1])):
        out.append(text[at:start])
        out.append(replacement)
        at = end
    out.append(text[at:])
    return "".join(out)


def _insertion(notebook_text: NotebookText, added: NewCell) -> tuple[int, int, str]:
    text, style = notebook_text.text, notebook_text.style
    neighbour = notebook_text.cells[added.before]
    level = _line_indent(text, neighbour.start)
    gap_start = text.rfind(",", 0, neighbour.start) + 1 if added.before else text.rfind("[", 0, neighbour.start) + 1
    gap = text[gap_start:neighbour.start]  # the whitespace before each cell
    values = added.as_json()
    # The neighbour's key order; what it lacks goes last.
    keys = [k for k in neighbour.keys if k in values] + [k for k in values if k not in neighbour.keys]
    cell = {k: values[k] for k in keys}
    rendered = style.encode(cell, indent=style.indent_unit if style.multiline else None, level=level)
    if style.newline != "\n":
        rendered = rendered.replace("\n", style.newline)  # JSON strings escape their own newlines
    return neighbour.start, neighbour.start, rendered + "," + gap


def check_patch(new_text: str, expected: Any) -> None:
    """The patched text must read back as the notebook meant, or nothing is written."""
    if json.loads(new_text) != expected:
        raise NotebookLayoutError("internal error: the edited notebook does not read back as intended")
