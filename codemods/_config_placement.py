"""TFM1xx placement: where the tf.config calls go.

At the config's own statements when nothing in between needs them later; otherwise above
the first statement of the block that could start TensorFlow's runtime (`hoist_target`),
never above an `os.environ` change or an import they need, and inside the functions that
make the sessions when the config is built at module level for them.
"""

from __future__ import annotations

from typing import Optional, Sequence

import libcst as cst
from libcst.metadata import GlobalScope

from tfmigrate.codemods import _config_conditions as config_conditions
from tfmigrate.codemods import _config_order as config_order
from tfmigrate.codemods._config_sites import _Site, CODE_FOLLOW, CODE_TOO_LATE, LEFT, SiteBase
from tfmigrate.codemods._config_values import _blocking_names, _needed_names
from tfmigrate.settings import Names
from tfmigrate.unused_imports import first_tensorflow_import


class Placement(SiteBase):
    """Where a site's calls are written."""

    def hoist_target(self, site: _Site, new_stmts: Sequence[cst.BaseStatement], names: Names) -> Optional[cst.BaseStatement]:
        """The statement the calls must precede because it starts the runtime, if that is
        earlier than where they would go; None if they can stay. Reports when they cannot move."""
        if site.inline_stmt is not None:
            block, until = self.parent(site.inline_stmt), site.inline_stmt
        elif site.def_stmts and site.block is not None and not self.sessions_in_functions(site):
            block, until = site.block, site.def_stmts[-1]
        else:
            return None
        body = list(getattr(block, "body", ()))
        if until not in body or config_order.inside_graph_scope(self, until):  # ops there only build a graph
            return None
        first_op = None
        for stmt in body[: body.index(until)]:
            if stmt in site.def_stmts:
                continue
            if self.switches_to_graph_mode(stmt):
                return None  # everything after runs as graphs: nothing starts the runtime
            if self.starts_runtime(stmt):
                first_op = stmt
                break
        if first_op is None:
            return None
        needed = _needed_names(new_stmts, names)
        start = body.index(first_op)
        for stmt in body[start: body.index(until)]:
            if stmt in site.def_stmts:
                continue
            if self.changes_environment(stmt):
                # TF1 read CUDA_VISIBLE_DEVICES and the like when the session started the
                # runtime, after this change; above it, the calls would start it before.
                site.fail(site.anchor, CODE_TOO_LATE,
                          f"line {self.positions[first_op].start.line} starts TensorFlow's runtime, so these settings "
                          f"must be applied before it, but line {self.positions[stmt].start.line} changes the "
                          "environment after it, which TF1 read only when the session started; move the environment "
                          f"change and the config above line {self.positions[first_op].start.line}" + LEFT)
                return None
            # A name the calls need is bound there (even `tf`, by a late import), or
            # something they name is called there (`hvd.init()` before
            # `str(hvd.local_rank())`; TF's own calls are why they move): they cannot move above it.
            clash = sorted(needed & _blocking_names(stmt, names))
            if clash:
                site.fail(site.anchor, CODE_TOO_LATE,
                          f"line {self.positions[first_op].start.line} starts TensorFlow's runtime, and these "
                          f"settings must be applied before it, but they need `{clash[0]}`, which line "
                          f"{self.positions[stmt].start.line} binds or calls after it; move the config above "
                          f"line {self.positions[first_op].start.line}" + LEFT)
                return None
        return first_op

    def placement(self, site: _Site, new_stmts: Sequence[cst.BaseStatement], names: Names,
                  moved_to: Sequence[cst.BaseStatement]) -> tuple[Optional[cst.BaseStatement], Optional[cst.BaseStatement]]:
        """(statement to put the calls above, statement to put them below an environment
        change before) when the config's own place is too late or too early for TF2's
        runtime; the site is reported when no place works."""
        hoist_to = self.hoist_target(site, new_stmts, names)
        later = None
        if hoist_to is None and not moved_to and site.inline_stmt is None:
            later = self.after_environment_change(site, new_stmts, names)
        for stmt in moved_to or [hoist_to or later or site.inline_stmt or
                                 (site.def_stmts[-1] if site.def_stmts else site.return_stmt)]:
            outside = self.outside_runtime_context(site, stmt, new_stmts, names, moving=not moved_to)
            if outside is not None:
                hoist_to, later = outside, None
        if not moved_to:
            self.check_function_callers(site)
        else:
            self.check_moved_sessions(site, moved_to)
        for stmt in moved_to or [hoist_to or later or site.inline_stmt or
                                 (site.def_stmts[-1] if site.def_stmts else site.return_stmt)]:
            earlier = self.runtime_started_before(stmt, own_block=False) if stmt is not None else None
            if earlier is not None and not site.problems:
                site.fail(site.anchor, CODE_TOO_LATE,
                          f"line {self.positions[earlier].start.line} starts TensorFlow's runtime before the block "
                          "these settings are in runs, and they must be applied before it; move the config above "
                          "that line" + LEFT)
        return hoist_to, later

    def import_lands_before(self, stmt: cst.CSTNode) -> bool:
        """Will the `import tensorflow as …` the engine adds (after the first top-level
        import of tensorflow) run before `stmt`? Always, for a statement in a function."""
        top = stmt
        while self.parent(top) is not None and not isinstance(self.parent(top), cst.Module):
            top = self.parent(top)  # type: ignore[assignment]
            if isinstance(top, (cst.FunctionDef, cst.ClassDef)):
                return True
        body = list(self.module.body)
        first = first_tensorflow_import(body)
        return first is not None and top in body and first < body.index(top)

    def sessions_in_functions(self, site: _Site) -> list[cst.BaseStatement]:
        """The statements that make the sessions, when a module-level config is only used
        inside functions, or when each is made only under a condition; else []."""
        conditional = config_conditions.conditional_sessions(self, site)
        if conditional is not None:
            if conditional and not site.problems:
                self.check_values_reach(site, conditional)
            return [] if site.problems else conditional
        if site.inline_stmt is not None or site.helper is not None or not site.session_calls \
                or not isinstance(site.scope, GlobalScope):
            return []
        # A session under `if __name__ == "__main__":` is made when the file runs as a
        # script, not when it is imported: the calls go there too, unless the config is
        # itself in that block.
        if self.under_main_guard(site.anchor) or any(
                isinstance(self.scopes[c], GlobalScope) and not self.under_main_guard(c) for c in site.session_calls):
            return []
        if site.problems:
            return []
        value_names = self.value_names(site)
        if value_names is None:
            return []
        rebound = sorted(n for n in value_names if len([a for a in site.scope[n] if not isinstance(
            getattr(a, "node", None), (cst.Import, cst.ImportFrom))]) > 1)
        if rebound:  # the calls would read it when the session is made, not when the config was
            site.fail(site.anchor, CODE_FOLLOW, f"the config reads `{rebound[0]}`, which is assigned more than once, "
                      "and the sessions that use it are made later, in functions" + LEFT)
            return []
        statements: list[cst.BaseStatement] = []
        for call in site.session_calls:
            stmt = self.statement_of(call)
            scope = self.scopes[call]
            if stmt is None:
                site.fail(call, CODE_FOLLOW, "the session is created conditionally or lazily here" + LEFT)
                continue
            shadowed = [n for n in value_names if n in scope.assignments and not isinstance(
                next(iter(scope[n])).scope, GlobalScope)]
            if shadowed:
                site.fail(call, CODE_FOLLOW, f"`{shadowed[0]}` means something else where the session is made" + LEFT)
                continue
            if stmt not in statements:
                statements.append(stmt)
        return statements

    def check_moved_sessions(self, site: _Site, moved_to: Sequence[cst.BaseStatement]) -> None:
        """The calls go right before each session; nothing before it in its block may have
        started the runtime already."""
        for stmt in moved_to:
            earlier = self.runtime_start_in_block_before(stmt)
            if earlier is not None:
                site.fail(site.anchor, CODE_TOO_LATE,
                          f"the session on line {self.positions[stmt].start.line} is made after line "
                          f"{self.positions[earlier].start.line} starts TensorFlow's runtime, and these settings "
                          "must be applied before that; make the session earlier" + LEFT)
                return
            func = self._enclosing_function(stmt)
            if func is not None and self.report_late_call(site, func):
                return
