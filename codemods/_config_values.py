"""TFM1xx: what the emitted calls read, and what may change it before they run.

The calls do not run where the settings were written: they replace the last statement
that built the config, or move above what starts TensorFlow's runtime, or below an
environment change, or into the functions that make the sessions. A value they read
(`threads`, `FLAGS.gpu_fraction`, `hvd.local_rank()`) must mean there what it meant where
it was written: no statement crossed may bind a name they need, or call one (`hvd.init()`).
"""

from __future__ import annotations

from typing import Optional, Sequence

import libcst as cst

from tfmigrate.metadata import nodes_under
from tfmigrate.parents import iter_nodes
from tfmigrate.settings import Names


def _all_names(module: cst.Module) -> set[str]:
    return {node.value for node in iter_nodes(module) if isinstance(node, cst.Name)}


def _bound_names(stmt: cst.CSTNode) -> set[str]:
    """Names a statement (re)binds: assignment targets, imports, defs, loop and with targets."""
    names: set[str] = set()

    class Collect(cst.CSTVisitor):
        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            names.update(_all_names(cst.Module([cst.SimpleStatementLine([cst.Expr(node.target)])])))

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            if isinstance(node.target, cst.Name):
                names.add(node.target.value)

        def visit_AsName(self, node: cst.AsName) -> None:
            if isinstance(node.name, cst.Name):
                names.add(node.name.value)

        def visit_ImportAlias(self, node: cst.ImportAlias) -> None:
            if node.asname is None:
                names.add(cst.Module([]).code_for_node(node.name).split(".")[0])

        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            names.add(node.name.value)
            return False

        def visit_ClassDef(self, node: cst.ClassDef) -> bool:
            names.add(node.name.value)
            return False

        def visit_For(self, node: cst.For) -> None:
            names.update(_all_names(cst.Module([cst.SimpleStatementLine([cst.Expr(node.target)])])))

    stmt.visit(Collect())
    return names


def _needed_names(new_stmts: Sequence[cst.BaseStatement], names: Names) -> set[str]:
    """The names the emitted calls read from the file (not the loop variables they bind)."""
    return _all_names(cst.Module(list(new_stmts))) - {names.gpu, names.gpus, names.limits}


def _blocking_names(node: cst.CSTNode, names: Names) -> set[str]:
    """Names the calls may not move across `node` for: what it binds, and what it calls
    (`hvd.init()`), except TF itself, whose calls are why they move."""
    return _bound_names(node) | (_called_names(node) - {names.tf})


def _called_names(stmt: cst.CSTNode) -> set[str]:
    """The names whose calls or methods a statement runs: `hvd` for `hvd.init()`."""
    names: set[str] = set()
    for call in nodes_under(stmt, cst.Call):
        base = call.func
        while isinstance(base, (cst.Attribute, cst.Call, cst.Subscript)):
            base = base.value if isinstance(base, (cst.Attribute, cst.Subscript)) else base.func
        if isinstance(base, cst.Name):
            names.add(base.value)
    return names


def crossed_between(body: Sequence[cst.CSTNode], first: cst.CSTNode, last: cst.CSTNode, skip: Sequence[cst.CSTNode],
                    needed: set[str], names: Names) -> Optional[tuple[cst.CSTNode, str]]:
    """The first statement of `body` strictly between `first` and `last`, not in `skip`,
    that binds or calls a name in `needed`, with that name; None if there is none."""
    if first not in body or last not in body:
        return None
    for stmt in body[body.index(first) + 1: body.index(last)]:
        if stmt in skip:
            continue
        clash = sorted(needed & _blocking_names(stmt, names))
        if clash:
            return stmt, clash[0]
    return None
