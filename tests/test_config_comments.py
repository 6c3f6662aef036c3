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


def test_the_comments_of_removed_lines_go_above_the_new_calls():
    # CommentCarrying.leftover_comments: what did not travel with a setting is kept.
    from tfmigrate.codemods.config_proto import _Analysis
    from tfmigrate.metadata import analyse

    src = ("import tensorflow as tf\n\n# the session config\nconfig = tf.ConfigProto()  # noqa: E501\n"
           "config.log_device_placement = True  # see the logs\nsess = tf.Session(config=config)\n")
    analysis = _Analysis(analyse(cst.parse_module(src), src))
    site = analysis.build_site(next(c for c in analysis.calls if analysis.callee(c) == "tf.ConfigProto"))
    lines = analysis.leftover_comments(site, placed=set())
    assert [line.comment.value if line.comment else "" for line in lines] == ["", "# the session config",
                                                                             "# see the logs"]
    beside = next(c for c in _comments_of(site))
    assert [line.comment.value for line in analysis.leftover_comments(site, placed={beside}) if line.comment] == \
        ["# the session config"]


def _comments_of(site):
    from tfmigrate.codemods._config_comments import _comments_in

    return [c for stmt in site.def_stmts[1:] for c in _comments_in(stmt)]
