"""The engine, with toy rules: filtering, suppression, and rewrites that nest."""

from __future__ import annotations

import libcst as cst
from libcst.metadata import MetadataWrapper

from tfmigrate.engine import Options, transform_source
from tfmigrate.rule import Finding, Replace, Rule


class RenameOld(Rule):
    """old -> new, wherever the name appears."""

    name = "rename"
    codes = {"TFM901": "rename"}
    triggers = ("old",)

    def find(self, wrapper: MetadataWrapper):
        class V(cst.CSTVisitor):
            found: list = []

            def visit_Name(self, node: cst.Name) -> None:
                if node.value == "old":
                    self.found.append(Finding("TFM901", "rename", node, edits=(Replace(node, node.with_changes(value="new")),)))

        v = V()
        v.found = []
        wrapper.module.visit(v)
        return v.found


class WrapCalls(Rule):
    """A statement-level rewrite that contains the rename's node: `f(x)` -> `g(f(x))`."""

    name = "wrap"
    codes = {"TFM902": "wrap"}
    triggers = ("f(",)

    def find(self, wrapper: MetadataWrapper):
        out = []
        for stmt in wrapper.module.body:
            expr = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) else None
            if isinstance(expr, cst.Expr) and isinstance(expr.value, cst.Call) and getattr(expr.value.func, "value", "") == "f":
                new = stmt.with_changes(body=[cst.Expr(cst.Call(cst.Name("g"), [cst.Arg(expr.value)]))])
                out.append(Finding("TFM902", "wrap", stmt, edits=(Replace(stmt, new),)))
        return out


def test_nested_rewrites_are_both_applied_and_the_result_is_stable():
    rules = [WrapCalls(), RenameOld()]
    new, _ = transform_source("f(old)\n", rules)
    assert new == "g(f(new))\n"
    again, _ = transform_source(new, rules)
    assert again == new


def test_select_and_ignore_filter_findings_before_anything_is_applied():
    rules = [WrapCalls(), RenameOld()]
    assert transform_source("f(old)\n", rules, Options(select=("TFM901",)))[0] == "f(new)\n"
    assert transform_source("f(old)\n", rules, Options(ignore=("TFM90",)))[0] == "f(old)\n"


def test_suppression_comment_names_the_code():
    rules = [RenameOld()]
    assert transform_source("x = old  # tfmigrate: ignore[TFM901]\n", rules)[0] == "x = old  # tfmigrate: ignore[TFM901]\n"
    assert transform_source("x = old  # tfmigrate: ignore[TFM999]\n", rules)[0] == "x = new  # tfmigrate: ignore[TFM999]\n"
    assert transform_source("x = old  # tfmigrate: ignore\n", rules)[0] == "x = old  # tfmigrate: ignore\n"
