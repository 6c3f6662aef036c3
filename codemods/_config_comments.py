"""TFM1xx comment carrying: no comment of the user's is lost when lines are removed.

A setting's comments (above it, or at the end of its line) travel with the tf.config call
it becomes; every other comment of a removed statement goes above the new calls. Only a
pragma that ended a removed line (`# noqa`, `# pylint: disable=…`) is dropped: it spoke
of that line alone.
"""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from tfmigrate.codemods._config_sites import _Site, SiteBase
from tfmigrate.metadata import nodes_under


def _trailing_note(stmt: cst.SimpleStatementLine) -> list[cst.EmptyLine]:
    """The comment at the end of a statement's line, as a line of its own (less a pragma)."""
    comment = stmt.trailing_whitespace.comment
    kept = _without_pragma(comment) if comment is not None else None
    return [cst.EmptyLine(comment=kept)] if kept is not None else []


_PRAGMA = re.compile(
    r"#\s*(?:pylint\s*:\s*[\w-]+\s*=\s*[\w-]+(?:\s*,\s*[\w-]+)*|noqa(?:\s*:\s*[A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*)?"
    r"|type\s*:\s*ignore(?:\[[^\]]*\])?|pragma\s*:\s*no\s+(?:cover|branch)|pyright\s*:\s*\S+|mypy\s*:\s*\S+"
    r"|nosec(?:\s+B\d+(?:\s*,\s*B\d+)*)?|fmt\s*:\s*(?:on|off|skip)|isort\s*:\s*\S+)",
    re.IGNORECASE)


def _without_pragma(comment: cst.Comment) -> Optional[cst.Comment]:
    """A comment that ended a removed line, without its pragma (`# pylint: disable=…`,
    `# noqa`), which spoke of that line alone: on a line of its own, a pylint pragma would
    cover the rest of the block. None when nothing else is left of it."""
    match = _PRAGMA.match(comment.value)
    if match is None:
        return comment
    note = comment.value[match.end():].strip().lstrip("#;:-").strip()
    return cst.Comment("# " + note) if note else None


def _line_end_comments(node: cst.CSTNode) -> list[cst.Comment]:
    """The comments that end a line inside `node` (not those on lines of their own)."""
    return [ws.comment for ws in nodes_under(node, cst.TrailingWhitespace) if ws.comment is not None]


def _comments_in(node: cst.CSTNode) -> list[cst.Comment]:
    return nodes_under(node, cst.Comment)


def _whitespace_comments(ws: cst.BaseParenthesizableWhitespace) -> tuple[list[cst.Comment], list[cst.Comment]]:
    """(the comment that ends the current line, comments on the lines after it)."""
    if not isinstance(ws, cst.ParenthesizedWhitespace):
        return [], []
    first = [ws.first_line.comment] if ws.first_line.comment is not None else []
    return first, [line.comment for line in ws.empty_lines if line.comment is not None]


def _argument_comments(call: cst.Call) -> list[tuple[list[cst.Comment], list[cst.Comment]]]:
    """For each argument: comments on the lines above it, and the comment beside it."""
    out: list[tuple[list[cst.Comment], list[cst.Comment]]] = [([], []) for _ in call.args]
    if not out:
        return out
    first, rest = _whitespace_comments(call.whitespace_before_args)
    out[0][0].extend(first + rest)
    for i, arg in enumerate(call.args):
        first, rest = _whitespace_comments(arg.whitespace_after_arg)
        out[i][1].extend(first + rest)
        if isinstance(arg.comma, cst.Comma):
            first, rest = _whitespace_comments(arg.comma.whitespace_after)
            out[i][1].extend(first)
            (out[i + 1][0] if i + 1 < len(out) else out[i][1]).extend(rest)
    return out


def _statement_comments(stmt: cst.SimpleStatementLine) -> tuple[list[cst.Comment], list[cst.Comment]]:
    above = [line.comment for line in stmt.leading_lines if line.comment is not None]
    beside = [stmt.trailing_whitespace.comment] if stmt.trailing_whitespace.comment is not None else []
    return above, beside


def _with_comments(stmts: list[cst.BaseStatement], comments: list[cst.EmptyLine],
                   original: Optional[cst.CSTNode]) -> list[cst.BaseStatement]:
    """Carry the user's blank lines and comments onto the first new statement."""
    if not stmts or not comments:
        return stmts
    first = stmts[0]
    if hasattr(first, "leading_lines"):
        first = first.with_changes(leading_lines=[*comments, *first.leading_lines])
    return [first, *stmts[1:]]


class CommentCarrying(SiteBase):
    """The comments of the code a rewrite removes: none is lost."""

    def leftover_comments(self, site: _Site, placed: set[cst.Comment]) -> list[cst.EmptyLine]:
        """What goes above the new calls: the first removed statement's own leading lines
        (its blank lines keep the layout), then every other comment that was in the removed
        code and did not travel with a setting. No comment is dropped, only the pragma at the
        end of a removed line (`# pylint: disable=…`, `# noqa`): it was about that line alone."""
        removed: list[cst.CSTNode] = [*site.def_stmts, *([site.return_stmt] if site.return_stmt else [])]
        if site.inline_stmt is not None:
            removed.append(site.anchor)
        lines: list[cst.EmptyLine] = []
        first = removed[0] if removed else None
        if isinstance(first, cst.SimpleStatementLine):
            lines.extend(first.leading_lines)
        seen = placed | {line.comment for line in lines if line.comment is not None}
        for node in removed:
            line_ends = set(_line_end_comments(node))
            for comment in _comments_in(node):
                if comment not in seen:
                    seen.add(comment)
                    kept = _without_pragma(comment) if comment in line_ends else comment
                    if kept is not None:
                        lines.append(cst.EmptyLine(comment=kept))
        return lines
