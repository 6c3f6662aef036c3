"""TFM1xx emission: the planned actions as statements, in the file's own indentation."""

from __future__ import annotations

from typing import Sequence

import libcst as cst

from tfmigrate import settings
from tfmigrate.codemods._config_comments import _without_pragma
from tfmigrate.settings import Names


def _parse_statements(lines: Sequence[str], indent: str = "    ") -> list[cst.BaseStatement]:
    """Parse rendered source (4 spaces a level) as written with the file's own `indent`."""
    if not lines:
        return []
    if indent != "    ":
        lines = [indent * _levels(line) + line.lstrip(" ") for line in lines]
    return list(cst.parse_module("\n".join(lines) + "\n").body)


def _levels(line: str) -> int:
    return (len(line) - len(line.lstrip(" "))) // 4


def _render_with_comments(actions: Sequence[settings.Action], names: Names, field_comments: dict,
                          indent: str) -> tuple[list[cst.BaseStatement], set[cst.Comment]]:
    """Each action's statements, with the comments of the settings it came from."""
    stmts: list[cst.BaseStatement] = []
    placed: set[cst.Comment] = set()
    for action in actions:
        part = _parse_statements(action.render(names), indent)
        above: list[cst.Comment] = []
        beside: list[cst.Comment] = []
        for path in action.fields:
            a, b = field_comments.get(path, ([], []))
            above += [c for c in a if c not in placed]
            beside += [kept for kept in (_without_pragma(c) for c in b if c not in placed) if kept is not None]
            placed.update(a, b)
        head = part[0]
        if len(beside) == 1 and isinstance(head, cst.SimpleStatementLine):
            head = head.with_changes(trailing_whitespace=cst.TrailingWhitespace(
                whitespace=cst.SimpleWhitespace("  "), comment=beside[0], newline=head.trailing_whitespace.newline))
        else:
            above += beside
        if above:
            head = head.with_changes(leading_lines=[*(cst.EmptyLine(comment=c) for c in above), *head.leading_lines])
        stmts += [head, *part[1:]]
    return stmts, placed
