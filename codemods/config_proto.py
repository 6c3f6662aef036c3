"""TFM1xx: ConfigProto / GPUOptions session settings → TF2 `tf.config` calls.

A *site* is one ConfigProto: where it is built (keyword arguments, nested GPUOptions,
attribute assignments after construction) and where it goes (`Session(config=…)`,
`K.set_session(…)`, `return` from a helper). A site is rewritten only when all of it can
be followed and every setting in it has a faithful TF2 form (tfmigrate/settings.py);
otherwise nothing in it is touched and each reason is reported.

The rewrite emits the `tf.config` calls where the config was built, in run-time order,
drops `config=` from sessions that remain (a session without a config takes the
process-wide settings, SEMANTICS fact 1) and removes `set_session` boilerplate.
"""

from __future__ import annotations

from typing import Iterable, Iterator, Optional, Sequence

import libcst as cst
from libcst.metadata import MetadataWrapper

from tfmigrate import project_index, settings
from tfmigrate.codemod_command import command_attributes
from tfmigrate.codemods import _config_conditions as config_conditions
from tfmigrate.codemods import _config_consumers as config_consumers
from tfmigrate.codemods import _config_keras as config_keras
from tfmigrate.codemods import _config_plan as config_plan
from tfmigrate.codemods import _config_project as config_project
from tfmigrate.codemods import _config_values as config_values
from tfmigrate.codemods._config_comments import _trailing_note, _with_comments, CommentCarrying
from tfmigrate.codemods._config_conflicts import Conflicts
from tfmigrate.codemods._config_dataflow import SiteReading
from tfmigrate.codemods._config_emit import Emission
from tfmigrate.codemods._config_order import RunTimeOrder
from tfmigrate.codemods._config_placement import Placement
from tfmigrate.codemods._config_render import _parse_statements
from tfmigrate.codemods._config_sites import (
    _is_main_guard,
    _pass_if_last,
    _remote_target,
    _Site,
    CHANGEABLE_ANY_TIME,
    CODE_CONFLICT,
    CODE_FOLLOW,
    CODE_SET_SESSION_LEFT,
    CODE_TOO_LATE,
    CONFIG_PROTO,
    LEFT,
    SET_SESSION,
)
from tfmigrate.codemods._config_values import _bound_names, _called_names, _needed_names
from tfmigrate.prefilter import TriggerPattern
from tfmigrate.rule import Edit, Finding, ImportSpec, InsertBefore, Replace, Rule
from tfmigrate.settings import Names
from tfmigrate.unused_imports import first_tensorflow_import

CODES = {
    settings.CODE_REWRITE: "ConfigProto/GPUOptions → tf.config calls; Session(config=…) → Session(); set_session boilerplate removed",
    **{f.code: f.summary for f in settings.FIELDS.values() if f.code != "TFM112"},
    "TFM103": "intra/inter_op_parallelism_threads → tf.config.threading.set_intra/inter_op_parallelism_threads(n)",
    "TFM112": "settings with no TF2 equivalent (force_gpu_compatible, operation_timeout_in_ms, session thread pools, …)",
    settings.CODE_GROWTH_AND_LIMIT: "allow_growth together with a memory limit: no TF2 form, choose one",
    CODE_FOLLOW: "a ConfigProto whose construction or use tfmigrate cannot follow (stored, passed on, changed conditionally)",
    CODE_SET_SESSION_LEFT: "a Keras set_session() or get_session() call that remains: Keras 3 has no sessions",
    CODE_CONFLICT: "a setting that another ConfigProto or an existing tf.config call in the file sets differently",
    CODE_TOO_LATE: "settings that cannot be applied before TensorFlow starts its runtime (an op, a tf.device scope or an environment change in the way)",
}


class ConfigProtoRule(Rule):
    name = "config_proto"
    codes = CODES
    triggers = ("ConfigProto", "GPUOptions", "set_session", "get_session")
    # A session given a config this file does not build (`Session(config=run_config.tf_config)`)
    # is reported too (nothing silent, #15).
    trigger_patterns = (TriggerPattern(r"Session[ \t]*\([^()]*?\bconfig[ \t]*=", ("Session",)),)

    def find(self, wrapper: MetadataWrapper) -> Iterable[Finding]:
        analysis = _Analysis(wrapper)
        findings = analysis.run()
        # Two ConfigProtos that set a process-wide setting differently are both left
        # (_Analysis.process_wide_conflicts). A site learns of its conflict with an earlier
        # site only when it is reached, after the earlier one was rewritten: then the
        # analysis runs again with the earlier ones named up front. Files without such a
        # conflict are analysed once. Each pass names at least one new (site, setting), so
        # this ends; in practice after the second pass, which sees the same sites.
        known: dict[cst.Call, dict[str, cst.Call]] = {}
        while analysis.conflicts:
            for anchor, keys in analysis.conflicts.items():
                for key, other in keys.items():
                    known.setdefault(anchor, {}).setdefault(key, other)
            analysis = _Analysis(wrapper, known)
            findings = analysis.run()
        return findings

    def collect_uses(self, data: bytes) -> None:
        """The project-wide pass's step 2 (tfmigrate/project_pass.py): parse one file and
        record, in the active project context, how it calls the config helpers of other
        files (_config_project.record_uses)."""
        from tfmigrate.files import decode
        from tfmigrate.metadata import analyse

        source = decode(data)
        module = cst.parse_module(source.text)
        config_project.record_uses(_Analysis(analyse(module, source.text)))


def translate_session_config(wrapper: MetadataWrapper, run_config: cst.Call) -> tuple[list[Finding], list[Finding]]:
    """For the Estimator rewrite, which removes `run_config` (a `RunConfig(session_config=c)`)
    with the Estimator: the findings that turn `c` into tf.config calls as if the RunConfig
    were a Session (in Keras, as for a session without a config, the process-wide settings
    are all there is), and the reasons it cannot be done. Returns (fixes, problems); a fix
    also removes `session_config=` from the RunConfig, which the Estimator rewrite drops
    whole anyway."""
    analysis = _Analysis(wrapper, estimator_consumers=frozenset({run_config}))
    analysis.run()
    while analysis.conflicts:
        known = {anchor: dict(keys) for anchor, keys in analysis.conflicts.items()}
        analysis = _Analysis(wrapper, known, estimator_consumers=frozenset({run_config}))
        analysis.run()
    found = analysis.consumer_findings.get(run_config)
    if found is None:
        return [], [Finding(CODE_FOLLOW, "the session_config is not a ConfigProto tfmigrate can follow", run_config)]
    return [f for f in found if f.fixable], [f for f in found if not f.fixable]


class _Analysis(SiteReading, RunTimeOrder, Placement, Conflicts, Emission, CommentCarrying):
    """One file's analysis: each concern is a module of its own (see _config_sites); what is
    here is the rule itself: find the sites, and decide for each whether it is rewritten."""

    # -- main --------------------------------------------------------------------------

    def run(self) -> list[Finding]:
        findings: list[Finding] = []
        anchors = [c for c in self.calls if self.callee(c) == CONFIG_PROTO]  # in source order
        exported = set()
        consumed: set[int] = set()  # the sessions that take a config of this file's sites
        for call in anchors:
            site = self.build_site(call)
            consumed.update(id(c) for c in site.session_calls)
            found = list(self.finish(site))
            config_project.record_failed(self, site)
            if site.exported is not None:
                exported.add(site.anchor)
            for consumer in site.session_calls:
                if consumer in self.estimator_consumers:
                    self.consumer_findings[consumer] = found
            findings.extend(found)
        findings.extend(self.stray_gpu_options())
        findings.extend(self.unresolved_configs())
        # Reported wherever it survives; a fix that removes the line also drops this report.
        for call in self.calls:
            if self.callee(call) == SET_SESSION:
                findings.append(Finding(
                    CODE_SET_SESSION_LEFT,
                    "Keras 3 has no sessions, so set_session() is gone in TF2: configure the process with "
                    "tf.config calls instead and delete this line",
                    call,
                ))
        for call, origin in self.unresolved_set_sessions():
            findings.append(Finding(
                CODE_SET_SESSION_LEFT,
                f"{origin}, which tfmigrate does not follow; if this is Keras's set_session(), it is gone in TF2 "
                "(Keras 3 has no sessions): configure the process with tf.config calls instead and delete this line",
                call,
            ))
        config_project.record_settings(self, exported)
        findings.extend(config_project.consumer_findings(self))
        findings.extend(self.unfollowed_session_configs(findings, consumed))
        rewritten = any(f.fixable for f in findings) and any(self.callee(c) == SET_SESSION for c in self.calls)
        findings.extend(config_keras.get_session_reports(self, rewritten))
        return findings

    def unfollowed_session_configs(self, findings: list[Finding], consumed: set[int]) -> list[Finding]:
        """`tf.Session(config=x.tf_config)`, `Session(config=make_config())` of a library:
        a session config that no finding of this file covers, because tfmigrate cannot see
        the ConfigProto (#15: nothing silent). Reported once per session, in a file whose
        configs are otherwise rewritten or absent (a file with reports of its own has said
        what is left); its settings, if any, were not migrated."""
        if any(not f.fixable for f in findings):
            return []  # the file's reports already say what is left of its configs
        covered: set[int] = set()
        for f in findings:
            for node in (f.node, *(n.node for n in f.notes)):
                stmt = self.statement_of(node)
                if stmt is not None:
                    covered.add(id(stmt))
        out: list[Finding] = []
        for call in self.calls:
            if id(call) in consumed or self.callee(call) not in (
                    "tf.Session", "tf.InteractiveSession", "tf.train.MonitoredTrainingSession"):
                continue
            config = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "config"), None)
            if config is None and self.callee(call) == "tf.Session" and len(call.args) >= 3 \
                    and call.args[2].keyword is None and not any(a.star for a in call.args[:3]):
                config = call.args[2].value
            if config is None or isinstance(config, cst.Name) and config.value == "None":
                continue
            stmt = self.statement_of(call)
            bound = self.statement_of(config) if not isinstance(config, cst.Name) else None
            value: Optional[cst.CSTNode] = config
            if isinstance(config, cst.Name):
                scope = self.scopes.get(config)
                assignments = list(scope[config.value]) if scope is not None else []
                bound = self.statement_of(assignments[0].node) if len(assignments) == 1 \
                    and isinstance(getattr(assignments[0], "node", None), cst.CSTNode) else None
                assign = bound.body[0] if isinstance(bound, cst.SimpleStatementLine) else None
                value = assign.value if isinstance(assign, cst.Assign) else None
            if isinstance(value, cst.Call) and project_index.current() is not None:
                continue  # a helper of the project: the project pass decides it and reports there
            if (stmt is not None and id(stmt) in covered) or (bound is not None and id(bound) in covered):
                continue
            out.append(Finding(CODE_FOLLOW, f"this session's config `{self.module.code_for_node(config)}` is not a ConfigProto "
                               "tfmigrate can follow (an attribute, a call into another module, a parameter): TF2 has "
                               "no session config, so whatever it sets (GPU memory, devices, threads, placement) is "
                               "not migrated; apply it with tf.config calls at program start" + LEFT, config))
        return out

    # -- building the rewrite -----------------------------------------------------------------

    def finish(self, site: _Site) -> Iterator[Finding]:
        if site.anchor in self.claimed:
            return
        check = self.version_check_around(site.anchor)
        if check is not None:
            site.fail(site.anchor, CODE_FOLLOW, f"this config is inside a TensorFlow version check "
                      f"(`{self._line_code(check)}`): a branch for TF 1.x needs no TF2 form; keep the TF2 branch "
                      "and drop the check by hand" + LEFT)
        fields = {path: s.value for path, s in site.fields.items()}
        plan = config_plan.plan(fields)
        for p in plan.problems:
            node = site.fields[p.field].node if p.field in site.fields else site.anchor
            site.fail(node, p.code, p.message + LEFT)
        conditional = config_conditions.plan(self, site, plan, fields)  # (action, its `if`, arm)
        for call in site.session_calls:
            if call in self.estimator_consumers:
                continue
            if _remote_target(call, *self.session_target(call)):
                site.fail(call, CODE_FOLLOW, f"the session connects to {config_consumers.target_text(call, *self.session_target(call))}"
                          ", which, as a distributed master, keeps its own configuration; tf.config only configures "
                          "this process" + LEFT)
        site.def_stmts.sort(key=self.index.order.__getitem__)  # source order
        self.check_consumers_follow_definition(site)
        names, import_alias = self.names_for(site)
        consumer_stmts = self.consumer_statements(site, names)
        moved_to = self.sessions_in_functions(site)
        if site.problems:
            yield from self.problems_of(site)
            return

        actions = self.dedupe(site, [*plan.actions, *(a for a, _, _ in conditional)])
        if actions is None:
            yield from self.problems_of(site)
            return
        actions.sort(key=lambda a: a.stage)  # stable: a stage's plain calls, then its conditional ones
        under = {id(a): (c, arm) for a, c, arm in conditional}
        new_stmts, placed = config_conditions.render(self, actions, under, names, site, self.module.default_indent)
        if import_alias is not None and new_stmts and first_tensorflow_import(self.module.body) is None:
            # TensorFlow is only imported inside a function or a guard here, maybe below
            # environment settings it reads at import: import it where the calls run, at a
            # point where the config's own import has already run.
            line = "import tensorflow" + (f" as {import_alias}" if import_alias != "tensorflow" else "")
            new_stmts = [*_parse_statements([line], self.module.default_indent), *new_stmts]
            import_alias = None
        hoist_to = later = None
        # Placement logging, soft placement and JIT can change while TF2 runs: they stay
        # where the config was, so no op before it is logged that TF1 did not log.
        if not all(a.key in CHANGEABLE_ANY_TIME for a in actions):
            hoist_to, later = self.placement(site, new_stmts, names, moved_to)
        if hoist_to is not None and import_alias is not None and not self.import_lands_before(hoist_to):
            site.fail(site.anchor, CODE_TOO_LATE,
                      f"line {self.positions[hoist_to].start.line} starts TensorFlow's runtime, so these settings must "
                      f"come before it, but the `import tensorflow as {names.tf}` they need would only come after "
                      "it; import tensorflow above that line" + LEFT)
        if site.inline_stmt is None and not moved_to and hoist_to is None and site.def_stmts:
            self.check_values_not_changed_between(site, new_stmts, names)
        clash = config_project.conflicting_helper(self, site) if not site.problems else None
        if clash is not None:
            site.fail(site.anchor, CODE_CONFLICT, clash)
        if site.exported is not None and not site.problems:  # other files call it: the project decides
            site.outside = None
            verdict = config_project.verdict(self, site, actions, CHANGEABLE_ANY_TIME)
            if verdict is not None:
                site.fail(site.exported.name, *verdict)
        if site.problems:
            yield from self.problems_of(site)
            return
        edits: list[Edit] = []
        comments = self.leftover_comments(site, placed)

        if site.inline_stmt is not None:
            target = site.inline_stmt
            for stmt in site.def_stmts:  # a GPUOptions variable that fed the inline ConfigProto
                edits.append(Replace(stmt, cst.RemoveFromParent()))
            if target in consumer_stmts.removed and hoist_to is not None:
                edits.append(Replace(target, cst.FlattenSentinel(_pass_if_last(target, self.parent(target)))
                                     if _pass_if_last(target, self.parent(target)) else cst.RemoveFromParent(),
                                     keep_comments=True))
                edits.append(InsertBefore(hoist_to, _with_comments(new_stmts, comments, None), take_comments=False))
            elif target in consumer_stmts.removed:
                # K.set_session(tf.Session(config=tf.ConfigProto(...))): the calls replace the line.
                stmts = _with_comments(new_stmts, [*target.leading_lines, *_trailing_note(target)], None) \
                    if isinstance(target, cst.SimpleStatementLine) else new_stmts
                stmts = stmts or _pass_if_last(target, self.parent(target))
                edits.append(Replace(target, cst.FlattenSentinel(stmts) if stmts else cst.RemoveFromParent()))
            elif new_stmts:
                edits.append(InsertBefore(hoist_to or target, _with_comments(new_stmts, comments, None),
                                          take_comments=hoist_to is None))
        elif moved_to:
            # A module-level config used only inside functions: TF1 applied it when the
            # session was made, not at import, so the calls go right before each session.
            for stmt in site.def_stmts:
                edits.append(Replace(stmt, cst.RemoveFromParent()))
            only_comments = [line for line in comments if line.comment is not None]
            if site.session_guards is not None:  # the config's blank line stays above what follows it
                edits.extend(config_conditions.keep_blank_line(self, site, comments))
            for i, stmt in enumerate(moved_to):
                copies = new_stmts if i == 0 else [s.deep_clone() for s in new_stmts]  # one node, one place
                copies = config_conditions.guarded(self, copies, (site.session_guards or {}).get(stmt))
                edits.append(InsertBefore(stmt, _with_comments(copies, only_comments if i == 0 else [], None)))
        elif hoist_to is not None or later is not None:
            # Above: a TF op before this point starts the TF2 runtime, after which these
            # calls raise. Below: the environment they read is changed after the config.
            # Either way the values do not depend on what lies between.
            for stmt in site.def_stmts:
                edits.append(Replace(stmt, cst.RemoveFromParent()))
            blanks = [line for line in comments if line.comment is None]
            notes = [line for line in comments if line.comment is not None]
            separator = blanks[:1]
            follower = self.next_statement(site.def_stmts[0], skip=site.def_stmts) if later is not None else None
            if follower is not None and follower is not later and blanks and not any(
                    line.comment is None for line in follower.leading_lines):  # type: ignore[union-attr]
                # The blank line above the config stays where it was, above what follows it.
                edits.append(Replace(follower, follower.with_changes(
                    leading_lines=[*blanks[:1], *follower.leading_lines])))  # type: ignore[union-attr]
            if follower is not None and follower is not later:
                separator = []
            edits.append(InsertBefore(hoist_to or later, _with_comments(new_stmts, notes, None), separator=separator,
                                      take_comments=False))
        else:
            last = site.def_stmts[-1] if site.def_stmts else site.return_stmt
            for stmt in site.def_stmts[:-1]:
                edits.append(Replace(stmt, cst.RemoveFromParent()))
            removed_in_block = len(site.def_stmts) + (1 if site.return_stmt is not None else 0)
            body_left = len(site.block.body) - removed_in_block + len(new_stmts)  # type: ignore[union-attr]
            stmts = _with_comments(new_stmts, comments, last)
            if body_left <= 0 and isinstance(site.block, cst.IndentedBlock):
                stmts = stmts + [cst.SimpleStatementLine([cst.Pass()])]
            if site.def_stmts:
                edits.append(Replace(last, cst.FlattenSentinel(stmts) if stmts else cst.RemoveFromParent()))
                if site.return_stmt is not None:
                    edits.append(Replace(site.return_stmt, cst.RemoveFromParent()))
            elif site.return_stmt is not None:  # `return tf.ConfigProto(...)`
                edits.append(Replace(site.return_stmt, cst.FlattenSentinel(stmts) if stmts else cst.RemoveFromParent()))
        edits.extend(consumer_stmts.edits)

        imports = []
        if import_alias is not None:
            imports.append(ImportSpec("tensorflow", None, import_alias if import_alias != "tensorflow" else None))
        if any(isinstance(a, settings.MemoryLimit) for a in actions):
            asname = names.total_memory if names.total_memory != "total_memory_mib" else None
            imports.append(ImportSpec("tfmigrate.runtime", "total_memory_mib", asname))
        if any(isinstance(a, config_plan.MemoryFractionAtRunTime) for a in actions):
            helper = names.memory_fraction  # type: ignore[attr-defined]
            imports.append(ImportSpec(config_plan.HELPER_MODULE, config_plan.HELPER,
                                      helper if helper != config_plan.HELPER else None))
        notes = tuple(
            Finding(n.code, n.message, site.fields[n.field].node if n.field in site.fields else site.anchor)
            for n in plan.notes
        )
        if not self.may_be_suppressed(site):  # the engine may still drop a suppressed fix
            self.record_emitted(site, [a for a in actions if id(a) not in under], moved_to)
        yield Finding(
            settings.CODE_REWRITE,
            "ConfigProto settings that become tf.config calls",
            site.anchor,
            edits=tuple(edits),
            add_imports=tuple(imports),
            remove_unused_imports=self.imports_to_drop(),
            notes=notes,
        )

    def problems_of(self, site: _Site) -> Iterator[Finding]:
        if site.outside is not None:  # an exported helper that other problems keep as it is
            site.problems.append(site.outside)
            site.outside = None
        for node, code, message in site.problems:
            yield Finding(code, message, node)

    def check_values_not_changed_between(self, site: _Site, new_stmts: Sequence[cst.BaseStatement],
                                         names: Names) -> None:
        """The calls go where the config is finished (or below): a statement between its
        first and last setting must not change a value they read."""
        crossed = config_values.crossed_between(list(getattr(site.block, "body", ())), site.def_stmts[0],
                                                site.def_stmts[-1], site.def_stmts, _needed_names(new_stmts, names),
                                                names)
        if crossed is not None:
            stmt, name = crossed
            site.fail(stmt, CODE_FOLLOW, f"these settings are applied where the config is finished (line "
                      f"{self.positions[site.def_stmts[-1]].start.line}), and they read `{name}`, which this line "
                      "binds or calls before that; move it above the config" + LEFT)

    def check_consumers_follow_definition(self, site: _Site) -> None:
        """The calls are emitted where the config is built, so every session of the same
        scope must run after the last change to the config, and whenever it is built."""
        if site.inline_stmt is not None or site.helper is not None or not site.def_stmts:
            return
        order = self.index.order  # source order: a statement's lines all come before the next one's
        last_change = order[site.def_stmts[-1]]
        for call in site.session_calls:
            if self.scopes[call] is not site.scope:
                continue
            if order[call] < last_change:
                changed = next(st for st in site.def_stmts if order[st] > order[call])
                site.fail(changed, CODE_FOLLOW, "the config is changed after a session already copied it; each "
                          "session saw different settings" + LEFT)
                return
            guard = self.condition_between(call, site.block)
            if guard is not None and config_conditions.conditional_sessions(self, site) is None and all(
                    self.condition_between(c, site.block) for c in site.session_calls if self.scopes[c] is site.scope) \
                    and not config_conditions.one_session_on_every_path(self, site):
                site.fail(call, CODE_FOLLOW, f"this session is only created under a condition ({guard}); the "
                          "tf.config calls would apply to every session" + LEFT)

    def condition_between(self, node: cst.CSTNode, block: Optional[cst.CSTNode]) -> Optional[str]:
        """The first construct between `node` and `block` that may skip it, if any."""
        cur = node
        while cur is not None and cur is not block:
            par = self.parent(cur)
            if isinstance(par, cst.If) and _is_main_guard(par.test):
                pass  # `if __name__ == "__main__":` is how the script runs at all
            elif isinstance(par, (cst.If, cst.IfExp, cst.BooleanOperation, cst.While, cst.For, cst.Lambda,
                                  cst.BaseComp, cst.ExceptHandler, cst.Else, cst.Finally, cst.Match)):
                if not (isinstance(par, (cst.While, cst.For)) and cur is not par.body and cur is not par.orelse) \
                        and not (isinstance(par, cst.If) and cur is par.test):
                    return type(par).__name__.lower().replace("ifexp", "conditional expression")
            cur = par
        return None

    def check_values_reach(self, site: _Site, statements: Sequence[cst.BaseStatement]) -> None:
        """The calls move from the config to the conditional sessions: nothing on the way
        may bind or call a name they read."""
        needed = (self.value_names(site) or set()) - set(self.tf_aliases())
        for stmt in statements:
            for node in config_conditions.crossed_before(self, site, stmt):
                clash = sorted(needed & (_bound_names(node) | _called_names(node)))
                if clash:
                    site.fail(node, CODE_FOLLOW, f"the session on line {self.positions[stmt].start.line} is made only "
                              "under a condition, so these settings go right before it, but they read "
                              f"`{clash[0]}`, which this line binds or calls after the config was built; move it "
                              "above the config" + LEFT)
                    return


RULE = ConfigProtoRule()
COMMANDS = {"ConfigProtoCommand": "Rewrite ConfigProto/GPUOptions session settings as TF2 tf.config calls."}
# LibCST's runner (`python -m libcst.tool codemod config_proto.ConfigProtoCommand`) looks the command up by
# name; building it imports libcst.codemod, which the engine does not need, so only then.
__getattr__, __dir__ = command_attributes(RULE, COMMANDS, globals())
