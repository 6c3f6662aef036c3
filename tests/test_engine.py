"""The engine, with toy rules: filtering, suppression, and rewrites that nest."""

from __future__ import annotations

import libcst as cst
import pytest
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
    triggers = ("f",)

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


def test_workers_give_the_serial_results_in_input_order(tmp_path):
    """process_many with two workers: the same results as one process, in the order of the
    input, for a mix of files that pass the prefilter, files that do not, and failures."""
    from tfmigrate.engine import process_many

    site = "import tensorflow as tf\nsess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))\n"
    items = []
    for i in range(12):
        path = tmp_path / f"f{i:02}.py"
        if i % 3 == 0:
            path.write_text(site)
        elif i % 3 == 1:
            path.write_text(f"value = {i}\n")
        else:
            path.write_text("import tensorflow as tf\nconfig = tf.ConfigProto(\n")  # cannot parse
        items.append((str(path), path.name))
    items.append((str(tmp_path / "missing.py"), "missing.py"))

    def run(jobs: int) -> list:
        seen: list = []
        process_many(items, Options(mode="check"), jobs, seen.append)
        return [(r.path, r.status, r.error is None) for r in seen]

    serial, parallel = run(1), run(2)
    assert parallel == serial
    assert [p for p, _, _ in parallel] == [display for _, display in items]
    assert {s for _, s, _ in parallel} == {"would-rewrite", "unchanged", "failed"}


# -- adding imports without LibCST's visitor -----------------------------------------------

IMPORT_SHAPES = [
    "x = 1\n",
    '"""Doc."""\nx = 1\n',
    '"""Doc."""\n\nimport os\nimport sys\n\n# setup\nx = 1\n',
    "import os\n# a comment on the code\nx = 1\n",
    "import os\nx = 1\nimport sys\n",
    "__strict__ = True\nimport os\n\nx = 1\n",
    "import os, sys\nx = 1\n",
    "from tfmigrate.runtime import other\nx = 1\n",
    "import os\nif True:\n    from tfmigrate.runtime import total_memory_mib\n",
    "#!/usr/bin/env python\n# header\nimport os\n",
    "",
]


def test_from_imports_land_where_add_imports_visitor_puts_them() -> None:
    """engine._add_imports places `from M import obj` itself when it can, and must give
    exactly what LibCST's AddImportsVisitor gives (or leave the module to it)."""
    from libcst.codemod import CodemodContext
    from libcst.codemod.visitors import AddImportsVisitor

    from tfmigrate.engine import _add_from_imports, _add_imports
    from tfmigrate.rule import ImportSpec

    fast = 0
    for source in IMPORT_SHAPES:
        for specs in ([ImportSpec("tfmigrate.runtime", "total_memory_mib", None)],
                      [ImportSpec("tfmigrate.runtime", "total_memory_mib", None), ImportSpec("a.b", "c", None)]):
            module = cst.parse_module(source)
            context = CodemodContext()
            for spec in sorted(specs, key=repr):
                AddImportsVisitor.add_needed_import(context, spec.module, spec.obj, spec.asname)
            expected = AddImportsVisitor(context).transform_module(module).code
            assert _add_imports(module, set(specs)).code == expected, source
            fast += _add_from_imports(module, sorted(specs, key=repr)) is not None
    assert fast >= len(IMPORT_SHAPES)  # most shapes take the fast path


class Exploding(Rule):
    """Finds nothing, loudly: it must never run on a file without its trigger word."""

    name = "exploding"
    codes = {"TFM903": "explodes"}
    triggers = ("detonator",)

    def find(self, wrapper: MetadataWrapper):
        raise AssertionError("ran on a file without its trigger word")


def test_a_rule_runs_only_on_files_holding_its_trigger_words() -> None:
    new, _ = transform_source("old = 1\n", [RenameOld(), Exploding()])
    assert new == "new = 1\n"  # the file reached the rules on RenameOld's word
    with pytest.raises(AssertionError, match="without its trigger word"):  # its word is here: it runs
        transform_source("detonator = old\n", [RenameOld(), Exploding()])


class RenameWithNote(Rule):
    """old -> new, with a note that travels with the fix; `keep` is only reported."""

    name = "rename-noted"
    codes = {"TFM903": "rename", "TFM904": "note", "TFM905": "left"}
    triggers = ("old", "keep")

    def find(self, wrapper: MetadataWrapper):
        out = []
        for stmt in wrapper.module.body:
            name = stmt.body[0].value if isinstance(stmt, cst.SimpleStatementLine) else None
            if isinstance(name, cst.Name) and name.value == "old":
                note = Finding("TFM904", "renamed", name)
                out.append(Finding("TFM903", "rename", name, edits=(Replace(name, name.with_changes(value="new")),),
                                   notes=(note,)))
            elif isinstance(name, cst.Name) and name.value == "keep":
                out.append(Finding("TFM905", "left", name))
        return out


def test_notes_of_applied_fixes_are_told_apart_from_sites_left_as_they_are():
    new, result = transform_source("old\nkeep\n", [RenameWithNote()])
    assert new == "new\nkeep\n"
    assert [d.code for d in result.diagnostics] == ["TFM904", "TFM905"]
    assert [d.code for d in result.notes] == ["TFM904"]
    again, second = transform_source(new, [RenameWithNote()])
    assert again == new and second.notes == []
    assert [d.code for d in second.diagnostics] == ["TFM905"]  # the site left is reported again


class InsertAboveAndReport(Rule):
    """Inserts two lines above `f(...)` and reports every `keep(...)` call: the report of the
    second pass must name the line `keep(...)` stands on in the file as given."""

    name = "insert"
    codes = {"TFM903": "report", "TFM904": "insert"}
    triggers = ("keep", "f")

    def find(self, wrapper: MetadataWrapper):
        out = []
        for stmt in wrapper.module.body:
            expr = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) else None
            call = expr.value if isinstance(expr, cst.Expr) else None
            if isinstance(call, cst.Call) and getattr(call.func, "value", "") == "keep":
                out.append(Finding("TFM903", "report", call))
        return out


def test_sites_found_by_a_later_pass_are_reported_at_the_lines_of_the_file_as_given():
    """Two nested rewrites take two passes; the second reads the first one's output, where
    lines moved. Its reports go back to the original lines, and the first pass's notes stay
    (two Estimators sharing one RunConfig once gave lines of the rewritten file)."""

    class GrowAbove(WrapCalls):
        def find(self, wrapper: MetadataWrapper):
            found = super().find(wrapper)
            return [Finding(f.code, f.message, f.node, edits=(Replace(f.node, cst.FlattenSentinel(
                [cst.parse_statement("a = 1\n"), cst.parse_statement("b = 2\n"), f.edits[0].new])),),
                notes=(Finding("TFM905", "note", f.node),)) for f in found]

    new, result = transform_source("f(old)\nkeep(1)\n", [GrowAbove(), RenameOld(), InsertAboveAndReport()],
                                   Options(select=()))
    assert new == "a = 1\nb = 2\ng(f(new))\nkeep(1)\n"
    assert [(d.line, d.code) for d in result.diagnostics] == [(1, "TFM905"), (2, "TFM903")]
