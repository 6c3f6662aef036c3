"""TFM1xx: what is already set, by this file's tf.config calls or its other configs.

A setting already made the same way is not emitted twice (`dedupe`); a process-wide
setting (threads, devices, GPU memory) that another config or call of the file sets
differently leaves both configs as they are (TFM122): TF2 fixes it once for the process.
"""

from __future__ import annotations

import functools
from typing import Optional, Sequence

import libcst as cst
from libcst.metadata import GlobalScope

from tfmigrate import settings
from tfmigrate.codemods._config_comments import _comments_in
from tfmigrate.codemods._config_render import _parse_statements
from tfmigrate.codemods._config_sites import (
    _action_literal,
    _call_text,
    _existing_literal,
    _is_main_guard,
    _nodes_of,
    _Site,
    CHANGEABLE_ANY_TIME,
    CODE_CONFLICT,
    GPU_KEYS,
    LEFT,
    SESSIONS,
    SiteBase,
)
from tfmigrate.settings import Names


class Conflicts(SiteBase):
    """Settings made elsewhere in the file: the same (dropped) or different (TFM122)."""

    def dedupe(self, site: _Site, actions: Sequence[settings.Action]) -> Optional[list[settings.Action]]:
        """Never emit a setting twice: skip what an earlier site in the same block or an
        existing tf.config call that runs first already sets; report what they set differently."""
        block = self.parent(site.inline_stmt) if site.inline_stmt is not None else site.block
        differs = self.process_wide_conflicts(site, actions)
        kept = []
        for action in actions:
            field_node = site.fields[action.fields[0]].node if action.fields[0] in site.fields else site.anchor
            other = differs.get(action.key)
            if other is not None:
                site.fail(field_node, CODE_CONFLICT, f"the ConfigProto on line {self.positions[other].start.line} sets "
                          f"`{action.fields[0]}` differently, and TF2 settings are process-wide (TF1 took the first "
                          "session's, TF2 raises on a change once its runtime runs): tfmigrate cannot tell which runs "
                          "first or whether both run in one process, so both were left; choose one value for the "
                          "whole program" + LEFT)
                continue
            every = self.existing.get(action.key, ())
            existing = [c for c in every if self.runs_before_site(c, site, action.key)]
            ours = _action_literal(action)
            if existing:
                if not self.agrees(existing[0], action):
                    asks = f"asks for {ours!r}" if ours is not settings.UNKNOWN else "may ask for something else"
                    site.fail(field_node, CODE_CONFLICT, f"this file already calls `{self._line_code(existing[0])}`; "
                              f"`{action.fields[0]}` {asks}" + LEFT)
                continue
            # A call elsewhere (another function, a branch, later) that may set another value:
            # one of the two would raise once the runtime runs, or override the other. As
            # for two ConfigProtos, a value that cannot be compared may differ; only where
            # the call is in another arm of an `if` around the site (`if legacy: <TF1>
            # else: <TF2>`) is such a value taken for the other arm's own choice.
            clashing = [c for c in every if action.key not in CHANGEABLE_ANY_TIME and not self.agrees(c, action)
                        and not (settings.UNKNOWN in (ours, _existing_literal(self.code, c, action.key))
                                 and self.in_other_arm(c, site.anchor))]
            if clashing:
                asks = f"asks for {ours!r}" if ours is not settings.UNKNOWN else "may ask for something else"
                site.fail(field_node, CODE_CONFLICT, f"line {self.positions[clashing[0]].start.line} also calls "
                          f"`{self._line_code(clashing[0])}`, and TF2 settings are process-wide: `{action.fields[0]}` "
                          f"{asks}; choose one value for the whole program" + LEFT)
                continue
            plain = self.plain_session_besides(site) if "device_count" in action.fields else None
            if plain is not None:
                # device_count limited one session's devices; GPU options were the process's
                # in TF1 already (its GPU allocator and device mapping are made once).
                site.fail(field_node, CODE_CONFLICT, f"line {self.positions[plain].start.line} makes a session "
                          "without a config, which TF1 gave every device; TF2 applies `device_count` to the whole "
                          "process, that session too" + LEFT)
                continue
            rendered = "\n".join(action.render(Names()))
            previous = self.emitted.get((id(block), action.key))
            if previous is not None:
                if previous != rendered:
                    site.fail(field_node, CODE_CONFLICT, f"another ConfigProto in this block sets "
                              f"`{action.fields[0]}` differently, and TF2 settings are process-wide" + LEFT)
                continue
            kept.append(action)
        if site.problems:
            return None
        return kept

    def in_other_arm(self, a: cst.CSTNode, b: cst.CSTNode) -> bool:
        """`a` and `b` are in different arms of one if/elif/else: one run takes only one."""
        def arms(node: cst.CSTNode) -> dict[cst.If, str]:
            found: dict[cst.If, str] = {}
            cur, par = node, self.parent(node)
            while par is not None:
                if isinstance(par, cst.If) and cur is par.body:
                    found[par] = "body"
                elif isinstance(par, cst.If) and cur is par.orelse:
                    found[par] = "orelse"
                cur, par = par, self.parent(par)
            return found

        theirs = arms(b)
        return any(theirs.get(test, arm) != arm for test, arm in arms(a).items())

    def process_wide_conflicts(self, site: _Site, actions: Sequence[settings.Action]) -> dict[str, cst.Call]:
        """The settings of `site` that another ConfigProto of the file sets differently,
        each with that ConfigProto, for the settings TF2 fixes once per process (threads,
        devices, GPU memory). Changing one of them once TF2's runtime runs raises, where
        TF1 kept the first session's value and ignored the rest. Two functions (a train()
        and a predict()) may run in one process, in either order, or each in its own:
        rewriting both could raise where TF1 ran, and rewriting only the first in the file
        picks a winner by source order, not by run order, and leaves the other to whichever
        runs first. So both are left and reported, whichever comes first, and a second run
        sees the same two ConfigProtos and says the same. (A value tfmigrate cannot compare,
        `allow_growth=growth` beside `True`, is a different value.)"""
        found = dict(self.known_conflicts.get(site.anchor, {}))
        for action in actions:
            if action.key in CHANGEABLE_ANY_TIME:
                continue
            rendered = "\n".join(action.render(Names()))
            seen = self.process_wide.setdefault(action.key, [])
            for other_rendered, other in seen:
                if other_rendered != rendered and other is not site.anchor:
                    found.setdefault(action.key, other)
                    if action.key not in self.known_conflicts.get(other, {}):  # it may be rewritten already
                        self.conflicts.setdefault(other, {}).setdefault(action.key, site.anchor)
            seen.append((rendered, site.anchor))
        return found

    def agrees(self, call: cst.Call, action: settings.Action) -> bool:
        """Does an existing tf.config call provably set what `action` would? By value where
        both are literals, else only if `action` would emit that very call."""
        theirs, ours = _existing_literal(self.code, call, action.key), _action_literal(action)
        if settings.UNKNOWN not in (theirs, ours):
            return theirs == ours or {theirs, ours} == {True, "autoclustering"}  # set_jit(True) is autoclustering
        if not isinstance(call.func, cst.Attribute):
            return False
        # The loop variable of `for gpu in tf.config.list_physical_devices("GPU")` is the
        # same GPU whatever its name (a rewrite names it `gpu_device` where `gpu` is taken).
        loop = self.gpu_loop_of(call)
        wanted = _call_text(call.func.attr.value, call.args, self.code, {loop} if loop else set())
        emitted = cst.Module(_parse_statements(action.render(Names())))
        loops = {f.target.value for f in _nodes_of(emitted, cst.For) if isinstance(f.target, cst.Name)}
        return any(isinstance(c.func, cst.Attribute) and _call_text(c.func.attr.value, c.args,
                                                                    emitted.code_for_node, loops)
                   == wanted for c in _nodes_of(emitted, cst.Call))

    def gpu_loop_of(self, call: cst.Call) -> Optional[str]:
        """The variable of the `for … in list_physical_devices("GPU")` loop `call` is in."""
        cur = self.parent(call)
        while cur is not None and not isinstance(cur, (cst.For, cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            cur = self.parent(cur)
        if not isinstance(cur, cst.For) or not isinstance(cur.target, cst.Name) or not isinstance(cur.iter, cst.Call):
            return None
        if self.callee(cur.iter) not in ("tf.config.list_physical_devices",
                                         "tf.config.experimental.list_physical_devices"):
            return None
        args = [self.code(a.value).strip().strip("'\"") for a in cur.iter.args]
        return cur.target.value if args == ["GPU"] else None

    def plain_session_besides(self, site: _Site) -> Optional[cst.Call]:
        """Another session of the file made without a config (so with TF1's defaults)."""
        return next((c for c in self.plain_sessions if c not in site.session_calls), None)

    @functools.cached_property
    def plain_sessions(self) -> list[cst.Call]:
        return [call for call in self.calls if self.callee(call) in SESSIONS
                and not any(arg.keyword is not None and arg.keyword.value == "config" or arg.star for arg in call.args)
                and not (self.callee(call) in ("tf.Session", "tf.InteractiveSession") and len(call.args) >= 3)]

    def may_be_suppressed(self, site: _Site) -> bool:
        """A `# tfmigrate: ...` comment in the site's statements: its fix may be dropped by
        the engine, so later sites must not count on its calls."""
        stmts = [*site.def_stmts, site.inline_stmt, self.statement_of(site.anchor)]
        return any("tfmigrate:" in c.value for stmt in stmts if stmt is not None for c in _comments_in(stmt))

    def record_emitted(self, site: _Site, actions: Sequence[settings.Action],
                       moved_to: Sequence[cst.BaseStatement]) -> None:
        """What a rewritten site now sets, and in which blocks, for the sites after it."""
        blocks = [self.parent(stmt) for stmt in moved_to] or \
            [self.parent(site.inline_stmt) if site.inline_stmt is not None else site.block]
        for action in actions:
            rendered = "\n".join(action.render(Names()))
            for block in blocks:
                self.emitted[(id(block), action.key)] = rendered

    def runs_before_site(self, call: cst.Call, site: _Site, key: str = "") -> bool:
        """An existing tf.config call counts only if it always runs before the site: earlier
        in the site's block or in a block around it (not in a branch, not later), or at the
        top level of the module when the site is in a function (the module ran at import).
        A per-GPU call counts from the loop over the GPUs around it, and from an `if gpus:`
        or a `try` around that: without GPUs the setting does not matter."""
        stmt = self.statement_of(call)
        if stmt is None:
            return False
        while key in GPU_KEYS:
            block = self.parent(stmt)
            compound = self.parent(block) if isinstance(block, cst.IndentedBlock) else None
            if isinstance(compound, (cst.For, cst.Try)) and compound.body is block:
                stmt = compound
            elif isinstance(compound, cst.If) and compound.body is block and isinstance(
                    compound.test, (cst.Name, cst.Call)) and not _is_main_guard(compound.test):
                stmt = compound
            else:
                break
        if isinstance(self.parent(stmt), cst.Module) and not isinstance(site.scope, GlobalScope):
            return True
        cur: Optional[cst.CSTNode] = site.inline_stmt or (site.def_stmts[0] if site.def_stmts else site.anchor)
        while cur is not None and not isinstance(cur, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            par = self.parent(cur)
            body = getattr(par, "body", None)
            if isinstance(body, (list, tuple)) and cur in body:
                if stmt in body:
                    return body.index(stmt) < body.index(cur)
            cur = par
        return False
