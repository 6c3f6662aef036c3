"""An Estimator returned by a factory function (`def build(...): return Estimator(...)`):
the factory is rewritten to return the Keras model and its checkpoint manager.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst
from libcst.metadata import QualifiedNameSource

from tfmigrate import project_index
from tfmigrate.rule import Edit, Finding, ImportSpec, InsertBefore, Replace
from tfmigrate.codemods._estimator_common import (
    CANNED, CODE_DRIVER, CODE_PIPELINE, CODE_RUN_CONFIG_ARG, ESTIMATOR, FACTORY_RETURN, _AnalysisBase, _Pipeline,
    _Problem, _Problems, _Site, _inside_node, _is_none, _surely_a_path, _walk,
)


class _Factory(_AnalysisBase):
    def factory_of(self, call: cst.Call) -> Optional[cst.FunctionDef]:
        """The function that returns this Estimator: `return Estimator(...)`, or `est =
        Estimator(...)` whose one use is `return est` in the same function."""
        fn = self.returned_by(call)
        if fn is not None:
            return fn
        if self.assigned_name(call) is None:
            return None
        uses = self.references(call)
        ret = self.parents.get(uses[0]) if len(uses) == 1 else None
        if isinstance(ret, cst.Return) and ret.value is uses[0]:
            fn = self.enclosing_function(ret)
            if fn is not None and fn is self.enclosing_function(call):
                return fn
        return None

    def factory_findings(self, factory: cst.FunctionDef) -> list[Finding]:
        """Every Estimator `factory` returns becomes its own Keras model, built where it was;
        the drivers on the name bound to the factory's one call are rewritten once, and must
        come out the same for every alternative."""
        alternatives = [(c, n) for c, n in self.calls() if (n == ESTIMATOR or n in CANNED)
                        and self.enclosing_function(c) is factory and self.factory_of(c) is factory]
        self.factory_calls |= {c for c, _ in alternatives}
        state = (set(self.handled_strategies), set(self.mode_keys_done), set(self.all_names))
        try:
            call, driver = self.factory_call(factory, [c for c, _ in alternatives])
            findings: list[Finding] = []
            problems: list[Finding] = []
            for estimator, name in alternatives:
                site = self.factory_site(factory, estimator, call, driver, tuple(c for c, _ in alternatives))
                try:
                    findings.append(self.pipeline(estimator, canned=name if name in CANNED else None, site=site))
                except _Problem as p:
                    if all((f.code, f.message) != (p.code, p.message) for f in problems):  # said once
                        problems.append(Finding(p.code, p.message, p.node))
            if problems:
                raise _Problem(problems[0].code, problems[0].message, problems[0].node) if len(problems) == 1 \
                    else _Problems(problems)
            return [findings[0] if len(findings) == 1 else self.merged(findings, factory, driver)]
        except _Problems as ps:
            self.handled_strategies, self.mode_keys_done, self.all_names = state
            return ps.findings
        except _Problem as p:
            self.handled_strategies, self.mode_keys_done, self.all_names = state
            return [Finding(p.code, p.message, p.node)]

    def factory_call(self, factory: cst.FunctionDef, alternatives: list[cst.Call]) -> tuple[cst.Call, str]:
        """The factory's one call, `driver = factory(...)`, after checking that what the
        factory returns is one of its Estimators (or None, as before)."""
        name = factory.name.value
        first = alternatives[0]
        if factory.decorators or factory.asynchronous is not None:
            raise _Problem(CODE_DRIVER, f"the Estimator is returned by `{name}`, which is decorated or async: "
                           "tfmigrate cannot follow what its callers get; migrate by hand", first)
        returned: set[int] = set()
        for c in alternatives:
            returned |= {id(c)} | {id(u) for u in (self.references(c) if self.assigned_name(c) else ())}
        for node in _walk(factory.body):
            if isinstance(node, (cst.Yield, cst.Await)) and self.enclosing_function(node) is factory:
                raise _Problem(CODE_DRIVER, f"`{name}` returning the Estimator is a generator: migrate by hand", node)
            if isinstance(node, cst.Return) and self.enclosing_function(node) is factory \
                    and node.value is not None and not _is_none(node.value) and id(node.value) not in returned:
                raise _Problem(CODE_DRIVER, f"`{name}` returns an Estimator and also `{self.code(node.value)}`, "
                               "which tfmigrate cannot follow: the drivers on its value would have no one Keras "
                               "form; migrate by hand", node)
        uses = self.references(factory)
        if not uses:
            elsewhere = ("tfmigrate rewrites an Estimator factory only in the file that calls it (the Keras model "
                         "and its drivers must change together), not from another module; migrate by hand, or move "
                         "the factory next to its caller" if project_index.current() is not None else
                         "the code that drives it is elsewhere; run tfmigrate on the whole project or migrate by "
                         "hand")
            raise _Problem(CODE_DRIVER, f"the Estimator is returned by `{name}`, which is not called in this file: "
                           + elsewhere, first)
        if len(uses) > 1:
            raise _Problem(CODE_DRIVER, f"the Estimator is returned by `{name}`, which is used {len(uses)} times "
                           "here: tfmigrate rewrites a factory called from one place only (each call would need "
                           "its drivers followed); migrate by hand", first)
        call = self.parents.get(uses[0])
        if not (isinstance(call, cst.Call) and call.func is uses[0]) or _inside_node(call, factory):
            raise _Problem(CODE_DRIVER, f"the Estimator is returned by `{name}`, which is passed around rather "
                           "than called: tfmigrate cannot follow it; migrate by hand", uses[0])
        driver = self.assigned_name(call)
        if driver is None:
            raise _Problem(CODE_DRIVER, f"the value of `{self.code(call)}` (an Estimator) is not assigned to a name "
                           "on its own line: tfmigrate cannot follow how it is used", call)
        return call, driver

    def factory_site(self, factory: cst.FunctionDef, estimator: cst.Call, call: cst.Call, driver: str,
                     alternatives: tuple[cst.Call, ...]) -> _Site:
        site = _Site(factory, call, driver, alternatives)
        local = self.assigned_name(estimator)
        if local is not None:  # `est = Estimator(...)` ... `return est`
            site.local, site.inline = local, False
            site.return_stmt = self.statement_of(self.references(estimator)[0])
            return site
        taken = {n.value for n in _walk(factory) if isinstance(n, cst.Name)}
        free = [n for n in ("model", "keras_model", "estimator_model") if n not in taken]
        if not free or self.statement_of(estimator) is None or len(self.statement_of(estimator).body) != 1:
            raise _Problem(CODE_DRIVER, "no free name for the Keras model in the factory", estimator)
        site.local = free[0]
        return site

    def factory_state(self, pipeline: _Pipeline) -> None:
        """State the drivers need that lives in the factory: the strategy is the model's own
        (`model.distribute_strategy`, the strategy it was built under); the checkpoint
        manager of model_dir is returned beside the model."""
        if pipeline.strategy_name:
            pipeline.strategy_ref = f"{pipeline.driver}.distribute_strategy"
        if pipeline.model_dir is not None:
            names = self.free_names(("checkpoint", "keras_checkpoint", "model_checkpoint"),
                                    ("checkpoints", "checkpoint_manager", "keras_checkpoints"))
            if names is None:
                raise _Problem(CODE_DRIVER, "no free names for the checkpoint manager of model_dir",
                               pipeline.estimator_call)
            pipeline.checkpoint, pipeline.checkpoints = names
            pipeline.checkpoint_ref = f"{pipeline.checkpoints}.checkpoint"
            self.model_dir_or_temporary(pipeline)

    def model_dir_or_temporary(self, pipeline: _Pipeline) -> None:
        """A model_dir often comes from flags or a caller (`build_estimator(FLAGS.model_dir)`),
        and the Estimator took None or "" there for a temporary directory (estimator.py
        `maybe_overwrite_model_dir_and_session_config`: `tempfile.mkdtemp()`); a
        CheckpointManager takes no None, so the rewrite makes the same temporary directory."""
        node = pipeline.model_dir_node
        if node is None or _surely_a_path(node, self.name_of):
            return
        bound = self.scopes.get(self.module.body[0]) if self.module.body else None
        names = {(q.name, q.source) for q in bound.get_qualified_names_for("tempfile")} if bound else set()
        if "tempfile" in self.all_names and names != {("tempfile", QualifiedNameSource.IMPORT)}:
            raise _Problem(CODE_RUN_CONFIG_ARG, f"model_dir `{self.code(node)}` may be None (a temporary directory "
                           "for the Estimator), and the name `tempfile` is taken: migrate by hand", node)
        simple = isinstance(node, (cst.Name, cst.Attribute, cst.Subscript, cst.Call))
        pipeline.model_dir = f"{pipeline.model_dir if simple else '(' + pipeline.model_dir + ')'} or tempfile.mkdtemp()"
        pipeline.temporary_model_dir = True
        pipeline.imports += (ImportSpec("tempfile"),)

    def through_factory(self, binding, pipeline: _Pipeline):  # type: ignore[no-untyped-def]
        """`binding`, with a parameter of the factory that builds this canned Estimator bound to
        what its one call passes (`create_estimator(config, params)` after `params = {...}`),
        when that is a value bound once before the call: the model's structure needs the
        values of `params["hidden_units"]`."""
        site = pipeline.site
        assert site is not None

        def bound(node: cst.CSTNode):  # type: ignore[no-untyped-def]
            found = binding(node)
            if found is not None or not isinstance(node, cst.Name):
                return found
            scope = self.scopes.get(node)
            assignments = list(scope[node.value]) if scope is not None else []
            param = getattr(assignments[0], "node", None) if len(assignments) == 1 else None
            arg = site.argument_for(param) if isinstance(param, cst.Param) \
                and param in site.factory.params.params else None
            if arg is None:
                return None
            value = arg.value
            if isinstance(value, cst.Name):
                value = self.single_binding(value)
                # read nowhere else (so changed nowhere), and bound before the call
                if not isinstance(value, (cst.Dict, cst.List, cst.Tuple)) or self.references(value) != [arg.value] \
                        or not self.runs_before(self.statement_of(value), arg.value):  # type: ignore[attr-defined]
                    return None
            return value if isinstance(value, (cst.Dict, cst.List, cst.Tuple, cst.SimpleString, cst.Integer,
                                               cst.Float)) else None

        return bound

    def factory_edits(self, pipeline: _Pipeline) -> list[Edit]:
        """The factory's caller, and a `return est`, when the factory also returns the
        checkpoint manager."""
        site = pipeline.site
        if site is None or pipeline.model_dir is None:
            return []
        edits: list[Edit] = []
        assign = self.parents.get(site.call)
        target = assign.targets[0]  # type: ignore[union-attr]
        edits.append(Replace(target.target, cst.parse_expression(f"{pipeline.driver}, {pipeline.checkpoints}")))
        if site.return_stmt is not None:
            ret = site.return_stmt.body[0]
            new = site.return_stmt.with_changes(
                body=[ret.with_changes(value=cst.parse_expression(f"{site.local}, {pipeline.checkpoints}"))],
                leading_lines=[*site.return_stmt.leading_lines, cst.EmptyLine(comment=cst.Comment(FACTORY_RETURN))])
            edits.append(Replace(site.return_stmt, new))
        return edits

    def merged(self, findings: list[Finding], factory: cst.FunctionDef, driver: str) -> Finding:
        """One fix from the fixes of a factory's alternatives. Each alternative's model code
        is its own; an edit they share (a driver, the RunConfig's removal, the caller) must be
        the same for all, else the drivers have no one Keras form."""
        replaces: dict[cst.CSTNode, tuple[Replace, str]] = {}
        inserts: dict[cst.CSTNode, list[tuple[InsertBefore, str]]] = {}
        for f in findings:
            for e in f.edits:
                if isinstance(e, Replace):
                    text = self.rendered(e.new)
                    if e.node in replaces and replaces[e.node][1] != text:
                        raise _Problem(CODE_DRIVER, f"`{factory.name.value}` returns one of several Estimators "
                                       "whose Keras forms need different code at line "
                                       f"{self.start(e.node)[0]} (one under a strategy or with a model_dir and one "
                                       "without, ...): the drivers have no one Keras form; migrate by hand",
                                       findings[0].node)
                    replaces[e.node] = (e, text)
                else:
                    text = self.rendered(cst.FlattenSentinel(list(e.new)))
                    group = inserts.setdefault(e.stmt, [])
                    if all(t != text for _, t in group):
                        group.append((e, text))
        edits: list[Edit] = [e for e, _ in replaces.values()]
        for stmt, group in inserts.items():
            first = group[0][0]
            new = list(first.new)
            for e, _ in group[1:]:
                more = list(e.new)
                more[0] = more[0].with_changes(leading_lines=[*first.separator, *more[0].leading_lines])
                new += more
            edits.append(InsertBefore(stmt, new, separator=first.separator, take_comments=first.take_comments))
        imports = tuple(dict.fromkeys(i for f in findings for i in f.add_imports))
        unused = tuple(dict.fromkeys(i for f in findings for i in f.remove_unused_imports))
        notes = tuple(n for f in findings for n in f.notes)
        return Finding(CODE_PIPELINE, f"Estimators returned by `{factory.name.value}` → one Keras model each, "
                       f"driven as `{driver}`", findings[0].node, edits=tuple(edits), add_imports=imports,
                       notes=notes, remove_unused_imports=unused)

    def rendered(self, new: object) -> str:
        if isinstance(new, cst.RemovalSentinel):
            return "<removed>"
        if isinstance(new, cst.FlattenSentinel):
            return "\n".join(self.rendered(n) for n in new.nodes)
        return self.module.code_for_node(new)  # type: ignore[arg-type]
