"""codemods/_config_comments.py: which comments travel with a setting, and which pragma
is dropped with the line it spoke of."""

from __future__ import annotations

import libcst as cst

from tfmigrate.codemods._config_comments import (
    _argument_comments,
    _statement_comments,
    _with_comments,
    _without_pragma,
)


def test_a_pragma_goes_and_the_note_after_it_stays():
    assert _without_pragma(cst.Comment("# noqa: E501")) is None
    assert _without_pragma(cst.Comment("# pylint: disable=no-member  # GPU memory")).value == "# GPU memory"
    assert _without_pragma(cst.Comment("# grow on demand")).value == "# grow on demand"


def test_each_argument_gets_the_comments_above_and_beside_it():
    call = cst.parse_expression("f(  # opening\n    a=1,  # one\n    # above b\n    b=2,\n)")
    comments = [([c.value for c in above], [c.value for c in beside]) for above, beside in _argument_comments(call)]
    assert comments == [(["# opening"], ["# one"]), (["# above b"], [])]


def test_a_statement_has_comments_above_and_at_the_end_of_its_line():
    stmt = cst.parse_module("x = 0\n# above\nx = 1  # beside\n").body[1]
    above, beside = _statement_comments(stmt)
    assert [c.value for c in above] == ["# above"] and [c.value for c in beside] == ["# beside"]


def test_carried_lines_go_above_the_first_new_statement():
    stmts = list(cst.parse_module("a()\nb()\n").body)
    carried = _with_comments(stmts, [cst.EmptyLine(comment=cst.Comment("# kept"))], None)
    assert cst.Module(carried).code == "# kept\na()\nb()\n"
