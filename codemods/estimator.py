"""TFM2xx: Estimator pipelines trained under a distribution strategy → Keras under
`strategy.scope()`.

tf.estimator is gone from TF 2.16 on. A *pipeline* is one `Estimator(model_fn=...,
config=RunConfig(train_distribute=s, ...))` and the calls that drive it
(`train_and_evaluate(est, TrainSpec, EvalSpec)`, `est.train`, `est.evaluate`). It is
rewritten only when every part of it can be followed and has a clear Keras form
(codemods/_estimator_keras.py); otherwise nothing is touched and each reason is
reported where it is.

Batch size: an Estimator under a strategy gave every replica a whole input_fn batch
(checked on TF 2.15: 8 examples in batches of 2 take 2 steps on 2 replicas, 4 on 1),
while Keras splits each batch across the replicas (SEMANTICS fact 7). The rewrite feeds
the input_fn through `strategy.distribute_datasets_from_function`, which hands each
replica whole batches too, so the input_fn itself stays as it is.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Iterable, Optional

import libcst as cst
from libcst.metadata import MetadataWrapper, QualifiedNameSource

from tfmigrate.codemods._estimator_keras import MODEL_FN_PARAMS, NotTranslatable
from tfmigrate.codemods._canned import _PARAMS as CANNED_PARAMS, translate_canned
from tfmigrate.codemods._model_fn import KerasModelCode, translate

from tfmigrate.codemod_command import command_attributes
from tfmigrate import project_index
from tfmigrate.names import TF_SPELLINGS
from tfmigrate.prefilter import TriggerPattern
from tfmigrate.rule import Finding, ImportSpec, InsertBefore, Replace, Rule
from tfmigrate.codemods._estimator_codegen import _Codegen
from tfmigrate.codemods._estimator_driver import _Driver
from tfmigrate.codemods._estimator_factory import _Factory
from tfmigrate.codemods._estimator_input_fn import _InputFn
from tfmigrate.codemods._estimator_keras_model import _KerasModelPipeline
from tfmigrate.codemods._estimator_method import _Method, _MethodModelFn, bound_by_generated_code
from tfmigrate.codemods._estimator_contrib_run_config import _ContribTfConfig
from tfmigrate.codemods._estimator_modules import RUN_ON_THE_PROJECT, _AcrossModules
from tfmigrate.codemods._estimator_subclass import _Subclass
from tfmigrate.codemods._estimator_run_config import _RunConfig
from tfmigrate.codemods._estimator_export import _Export
from tfmigrate.codemods._estimator_canned_site import _CannedSite
from tfmigrate.codemods._estimator_shared_drivers import _SharedDrivers
from tfmigrate.codemods._estimator_keyed import _KeyedEstimators
from tfmigrate.codemods._estimator_config_helper import _ConfigHelper
from tfmigrate.codemods._estimator_canned_export import _CannedExport
from tfmigrate.codemods._estimator_warm_start import _WarmStart
from tfmigrate.codemods._estimator_common import (
    CANNED, CODE_CANNED, CODE_COLLECTIVE, CODE_CONTRIB_MIRRORED, CODE_CONTRIB_ONE_DEVICE, CODE_DRIVER, CODE_DROPPED,
    CODE_HOOKS, CODE_INPUT_FN, CODE_MODEL_FN, CODE_MODEL_TO_ESTIMATOR, CODE_OPTIMIZER, CODE_PARAMETER_SERVER,
    CODE_PIPELINE, CODE_RUN_CONFIG_ARG, CODE_TF_CONFIG, CODE_RUN_CONFIG_DYNAMIC, CODE_STRATEGY_LEFT, COLLECTIVE, CONTRIB_MIRRORED,
    CONTRIB_ONE_DEVICE, ESTIMATOR, GRAPH_MODE_SWITCHES, GRAPH_MODE_USERS, LEFTOVER_FINE, LEFTOVER_PREFIXES,
    MODEL_TO_ESTIMATOR, MULTI_WORKER, PARAMETER_SERVER, PIPELINE_CODES, RUN_CONFIG_GUIDANCE, _Pipeline, _Problem, _Site, _inside_node, _is_none,
    _merged_lines, _walk,
)


CODES = {
    CODE_PIPELINE: "Estimator pipeline (custom model_fn or canned) → a Keras model: compile, fit, evaluate, predict; "
                   "built under strategy.scope() on per-replica batches when RunConfig had train_distribute",
    CODE_CONTRIB_MIRRORED: "tf.contrib.distribute.MirroredStrategy(num_gpus=n) → tf.distribute.MirroredStrategy(devices), where it goes to RunConfig",
    CODE_COLLECTIVE: "tf.contrib.distribute.CollectiveAllReduceStrategy() → tf.distribute.MultiWorkerMirroredStrategy()",
    CODE_PARAMETER_SERVER: "parameter-server strategy: no automatic rewrite (ParameterServerStrategy + ClusterCoordinator)",
    CODE_STRATEGY_LEFT: "a contrib strategy whose arguments have no exact TF2 form, or that does not only go to RunConfig",
    CODE_CONTRIB_ONE_DEVICE: "tf.contrib.distribute.OneDeviceStrategy(device) → tf.distribute.OneDeviceStrategy(device)",
    CODE_MODEL_FN: "model_fn with no clear Keras form (branches on other than the mode, custom train_op, other "
                   "layers, losses or metrics)",
    CODE_OPTIMIZER: "tf.train optimizer with no Keras optimizer that has the same update",
    CODE_HOOKS: "session hooks (SessionRunHook): rewrite them as Keras callbacks by hand",
    CODE_CANNED: "canned Estimator or feature column with no checked Keras form (the message names the argument)",
    CODE_MODEL_TO_ESTIMATOR: "tf.keras.estimator.model_to_estimator left as it is (model read after the call, "
                             "predict, a saved model's path, renamed metrics or signatures)",
    CODE_RUN_CONFIG_DYNAMIC: "RunConfig built in a way tfmigrate cannot follow (**kwargs, replace(), passed around)",
    CODE_RUN_CONFIG_ARG: "RunConfig argument with no automatic Keras form (model_dir, session_config, …)",
    CODE_INPUT_FN: "input_fn that is not a function in this file returning a tf.data.Dataset",
    CODE_DRIVER: "Estimator used in a way tfmigrate cannot follow (predict, export, spec options, other uses)",
    CODE_DROPPED: "RunConfig arguments that only affected logging or the temporary model directory were dropped",
    CODE_TF_CONFIG: "tf.contrib.learn.RunConfig(...).tf_config → the ConfigProto it was, then tf.config calls (TFM1xx)",
}


class EstimatorRule(Rule):
    name = "estimator"
    codes = CODES
    # A pipeline names an Estimator; a strategy site names its class.
    triggers = ("estimator", "Estimator", "MirroredStrategy", "CollectiveAllReduceStrategy", "OneDeviceStrategy",
                "ParameterServerStrategy")
    # tf.contrib is always reached through a dot or an import (`tf.contrib.learn`, `from tensorflow
    # import contrib`). The bare word is in "contributed by" and "contributors" in ordinary files:
    # half the standard-library files of the benchmark tree, each parsed for nothing.
    trigger_patterns = (TriggerPattern(r"\.[ \t]*contrib\b|\bcontrib[ \t]*\.|\bimport[ \t]+contrib\b", ("contrib",)),)

    def find(self, wrapper: MetadataWrapper) -> Iterable[Finding]:
        return _Analysis(wrapper).run()



class _Analysis(_Codegen, _Driver, _InputFn, _Factory, _RunConfig, _WarmStart, _KerasModelPipeline, _AcrossModules,
                _MethodModelFn, _ContribTfConfig, _Subclass, _SharedDrivers, _KeyedEstimators, _Export,
                _CannedSite, _ConfigHelper, _CannedExport):
    """One module's Estimator pipelines: each is rewritten whole or reported where it fails."""

    def run(self) -> list[Finding]:
        findings: list[Finding] = self.subclass_findings()
        for call, name in self.calls():
            if (name == ESTIMATOR or name in CANNED) and call in self.factory_calls:
                continue  # an alternative of a factory already handled
            factory = self.factory_of(call) if name == ESTIMATOR or name in CANNED else None
            if factory is not None:
                findings += self.factory_findings(factory)
            elif name == ESTIMATOR:
                findings += self.pipeline_findings(call)
            elif name in CANNED:
                findings += self.pipeline_findings(call, canned=name)
            elif name == MODEL_TO_ESTIMATOR:
                findings += self.keras_model_findings(call)
        for call, name in self.calls():
            if call in self.handled_strategies:
                continue
            if name == CONTRIB_MIRRORED:
                findings.append(self.contrib_mirrored(call))
            elif name in COLLECTIVE:
                findings.append(self.collective(call))
            elif name == CONTRIB_ONE_DEVICE:
                findings.append(self.contrib_one_device(call))
            elif name in PARAMETER_SERVER:
                findings.append(Finding(CODE_PARAMETER_SERVER, "parameter-server training has no automatic rewrite: "
                                        "use tf.distribute.ParameterServerStrategy with a cluster resolver and "
                                        "Model.fit (or tf.distribute.coordinator.ClusterCoordinator), keeping "
                                        "TF_CONFIG", call))
        findings += self.tf_config_findings()
        findings += self.written_for_drivers()
        findings += self.mode_keys_for_drivers()
        findings = self.write_shared_model_fns(findings)
        findings = self.with_shared_drivers(findings)
        findings = self.remove_shared_statements(findings)
        findings = self.without_repeated_edits(findings)
        findings = self.one_insertion_per_place(findings)
        findings += self.estimator_aliases(findings)
        findings = self.estimator_imports(findings)
        self.record_driven(findings)
        return findings + self.leftovers(findings)

    def estimator_imports(self, findings: list[Finding]) -> list[Finding]:
        """`from tensorflow.estimator import RunConfig` in a module whose pipelines were
        rewritten: the import itself fails on TF 2.16 (no tensorflow.estimator). Each name
        that only rewritten code used is dropped with the rewrite; a name still used is
        reported at its import, rewritten or not, so that a second run says the same (the
        red team's rewrite once died on such a line, which nothing reported)."""
        first = next((i for i, f in enumerate(findings) if f.edits), None)
        replaced = [e.node for f in findings for e in f.edits if isinstance(e, Replace)]
        drops: list[tuple[str, Optional[str]]] = []
        reports: list[Finding] = []
        for node in self.index.of(cst.ImportFrom):
            if node.relative or node.module is None:
                continue
            module = self.code(node.module)
            if not (module in ESTIMATOR_MODULES or module.startswith(("tensorflow_estimator.", "tensorflow.estimator.",
                                                                      "tensorflow.compat.v1.estimator."))):
                continue
            if isinstance(node.names, cst.ImportStar):
                reports.append(Finding(CODE_DRIVER, f"`from {module} import *`: TF 2.16 has no tf.estimator, and "
                                       "tfmigrate cannot tell which of its names this file uses; import them by "
                                       "name, or migrate by hand", node))
                continue
            scope = self.scopes.get(node)
            for alias in node.names:
                bound = alias.asname.name.value if alias.asname else self.code(alias.name)  # type: ignore[union-attr]
                uses = [ref.node for a in (scope[bound] if scope is not None else ())
                        if getattr(a, "node", None) is node for ref in a.references]
                left = [u for u in uses if not any(self.encloses(outer, u) for outer in replaced)]
                if left:
                    reports.append(Finding(CODE_DRIVER, f"`{bound}` from {module}, which TF 2.16 removed, is still "
                                           f"used at line {min(self.start(u)[0] for u in left)}: migrate that use by hand", alias))
                elif uses:
                    drops.append((module, self.code(alias.name)))
        if drops and first is not None:
            fix = findings[first]
            findings = [*findings[:first], dataclasses.replace(
                fix, remove_unused_imports=(*fix.remove_unused_imports, *drops)), *findings[first + 1:]]
        return findings + reports

    def estimator_aliases(self, findings: list[Finding]) -> list[Finding]:
        """`ModeKeys = tf.estimator.ModeKeys` at the top of a module whose pipelines were
        rewritten: TF 2.16 has no tf.estimator, so the line itself would fail at import. It
        goes when every use of the alias was in code the rewrite replaced, and is reported
        when a use is left."""
        replaced = [e.node for f in findings for e in f.edits if isinstance(e, Replace)]
        if not replaced:
            return []  # nothing rewritten: the pipelines' own reports cover the file
        out: list[Finding] = []
        for stmt in self.module.body:
            small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name)) or stmt in replaced:
                continue
            path = small.value
            while isinstance(path, cst.Attribute):
                path = path.value
            name = self.name_of(small.value) or "" if isinstance(path, cst.Name) else ""
            if not name.startswith(LEFTOVER_PREFIXES):
                continue
            alias = small.targets[0].target.value  # type: ignore[union-attr]
            left = [use for use in self.references(small.value)
                    if not any(self.encloses(outer, use) for outer in replaced)]
            if left:
                out.append(Finding(CODE_DRIVER, f"`{alias}` names `{name}`, TF1 Estimator API that TF 2.16 removed, "
                                   f"and line {min(self.start(u)[0] for u in left)} still uses it: migrate that use by hand", stmt))
            else:
                out.append(Finding(CODE_DROPPED, f"`{alias} = {self.code(small.value)}` removed: TF 2.16 has no "
                                   "tf.estimator, and only the rewritten Estimator code used it", stmt,
                                   edits=(Replace(stmt, cst.RemovalSentinel.REMOVE, keep_comments=True),)))
        return out

    def without_repeated_edits(self, findings: list[Finding]) -> list[Finding]:
        """Pipelines that share a part (a RunConfig's session_config, an input_fn factory) write
        the same edit for it: it is kept in the first fix only. Two fixes editing one node
        would make the engine defer the second to another pass, where the first one's model
        class has already replaced a model_fn they share."""
        done: dict[int, str] = {}
        for i, f in enumerate(findings):
            if f.code != CODE_PIPELINE or not f.fixable:
                continue
            kept = []
            for e in f.edits:
                node = e.node if isinstance(e, Replace) else e.stmt
                text = self.edit_text(e)
                if done.get(id(node)) == text:
                    continue
                done.setdefault(id(node), text)
                kept.append(e)
            if len(kept) != len(f.edits):
                findings[i] = dataclasses.replace(f, edits=tuple(kept))
        return findings

    def one_insertion_per_place(self, findings: list[Finding]) -> list[Finding]:
        """Two canned Estimators built in one function each put their model class above it. Two
        insertions before one statement would make the engine defer the second pipeline to
        another pass, where the first Estimator is already gone (a warm start from its
        model_dir can then no longer be checked, and reports moved). The first fix inserts
        both classes, in order; the later fix keeps the rest of its edits."""
        first: dict[int, tuple[int, int]] = {}  # id(statement) → (finding, edit) holding its insertion
        for i, f in enumerate(findings):
            if f.code != CODE_PIPELINE or not f.fixable:
                continue
            kept = []
            for edit in f.edits:
                if not isinstance(edit, InsertBefore):
                    kept.append(edit)
                    continue
                where = first.get(id(edit.stmt))
                if where is None or where[0] == i:
                    first[id(edit.stmt)] = (i, len(kept))
                    kept.append(edit)
                    continue
                j, k = where
                held = findings[j].edits[k]
                new = list(edit.new)
                new[0] = new[0].with_changes(leading_lines=[*held.separator, *new[0].leading_lines])
                merged = dataclasses.replace(held, new=[*held.new, *new])
                findings[j] = dataclasses.replace(findings[j], edits=(*findings[j].edits[:k], merged,
                                                                      *findings[j].edits[k + 1:]))
            if len(kept) != len(f.edits):
                findings[i] = dataclasses.replace(f, edits=tuple(kept))
        return findings

    def edit_text(self, edit) -> str:
        new = edit.new
        if isinstance(new, cst.RemovalSentinel):
            return f"{type(edit).__name__}:remove:{getattr(edit, 'keep_comments', '')}"
        nodes = new.nodes if isinstance(new, cst.FlattenSentinel) else new if isinstance(new, (list, tuple)) else [new]
        return f"{type(edit).__name__}:" + "\n".join(self.module.code_for_node(n) for n in nodes)

    def write_shared_model_fns(self, findings: list[Finding]) -> list[Finding]:
        """A model_fn several Estimators take becomes its Keras class once, with the first of
        them, when every one is rewritten to that same class; otherwise none of them is."""
        fixes = {id(f.node): i for i, f in enumerate(findings) if f.code == CODE_PIPELINE and f.fixable}
        for fn_id, users in self.model_fn_users.items():
            written = {self.shared_fn_code.get(id(u), (None,))[0] for u in users}
            if all(id(u) in fixes for u in users) and len(written) == 1:
                first = fixes[id(users[0])]
                written_class = self.shared_fn_code[id(users[0])][1]
                imports = findings[first].add_imports
                tf = self.tf2_alias()
                if tf is not None and f"{tf[0]}." in self.edit_text(written_class):
                    # the pipeline's own edits may not name TensorFlow (a loop's fit calls), the class does
                    imports = tuple(dict.fromkeys((*imports, *tf[1])))
                findings[first] = dataclasses.replace(
                    findings[first], edits=(written_class, *findings[first].edits), add_imports=imports)
                continue
            why = ("another Estimator that takes it is left as it is (see its report)"
                   if not all(id(u) in fixes for u in users) else
                   "the Estimators that take it need different Keras models (their params or strategies differ)")
            for u in users:
                if id(u) in fixes:
                    findings[fixes[id(u)]] = Finding(
                        CODE_MODEL_FN, f"this Estimator's model_fn is shared, and {why}: the model_fn stays as it "
                        "is, so this pipeline was left as it is too", u)
        return findings

    def remove_shared_statements(self, findings: list[Finding]) -> list[Finding]:
        """A statement several Estimators need (their RunConfig, a numpy_input_fn they read)
        goes with the last of them, and only when every one of them is rewritten: otherwise an
        Estimator left as it is still needs it."""
        fixes = {id(f.node): i for i, f in enumerate(findings) if f.code == CODE_PIPELINE and f.fixable}
        for stmt_id, users in self.shared_statements.items():
            if not all(id(u) in fixes for u in users):
                continue
            last = fixes[id(max(users, key=self.start))]
            stmt = next(s for kind in (cst.SimpleStatementLine, cst.FunctionDef)
                        for s in self.index.of(kind) if id(s) == stmt_id)
            fix = findings[last]
            edits = [*fix.edits, Replace(stmt, cst.RemovalSentinel.REMOVE, keep_comments=True)]
            notes, imports, unused = fix.notes, fix.add_imports, fix.remove_unused_imports
            for config_fix in self.shared_config_fixes.get(stmt_id, []):
                edits += list(config_fix.edits)
                notes += config_fix.notes
                imports += config_fix.add_imports
                unused += config_fix.remove_unused_imports
            findings[last] = dataclasses.replace(fix, edits=tuple(edits), notes=notes, add_imports=imports,
                                                 remove_unused_imports=unused)
            self.hand_on_lines(stmt, findings)
        return findings

    def hand_on_lines(self, removed: cst.SimpleStatementLine, findings: list[Finding]) -> None:
        """The blank lines above a removed statement go to the next one, when a fix rewrites it
        (as a pipeline's own removed statements do)."""
        body = list(getattr(self.parents.get(removed), "body", ()))
        later = body[body.index(removed) + 1:] if removed in body else []
        if not later or not removed.leading_lines:
            return
        for i, f in enumerate(findings):
            for j, e in enumerate(f.edits):
                if isinstance(e, Replace) and e.node is later[0] and isinstance(e.new, cst.FlattenSentinel) \
                        and e.new.nodes and hasattr(e.new.nodes[0], "leading_lines"):
                    first = e.new.nodes[0]
                    lines = [line for line in removed.leading_lines if line.comment is None]
                    first = first.with_changes(leading_lines=_merged_lines(lines, first.leading_lines))
                    new = Replace(e.node, cst.FlattenSentinel([first, *e.new.nodes[1:]]), e.keep_comments)
                    findings[i] = dataclasses.replace(f, edits=(*f.edits[:j], new, *f.edits[j + 1:]))
                    return

    def leftovers(self, findings: list[Finding]) -> list[Finding]:
        """Estimator API that no finding rewrote or explained (a model_fn whose Estimator is
        built in another module, TPUEstimator, tf.contrib.learn): reported, once per function
        or top-level statement, so nothing is left in silence. Reports inside code a fix
        replaces are dropped by the engine."""
        pipelines = any(f.code in PIPELINE_CODES for f in findings)
        explained: set[int] = set()
        for f in findings:
            for node in (f.node, *(n.node for n in f.notes)):
                holder = self.holder_of(node)
                if holder is not None:
                    explained.add(id(holder))
        out: list[Finding] = []
        out += self.through_parameters(explained)
        out += self.through_star_imports(explained)
        # The parts of a reported pipeline (its model_fn, input_fns, the statements that drive
        # it) need no second word; what nothing reported leads to (a serving function) gets one.
        parts = self.linked_to(explained) if pipelines else set()
        for node in [*self.index.of(cst.Attribute), *self.index.of(cst.Name)]:
            name = self.name_of(node) or ""
            if not name.startswith(LEFTOVER_PREFIXES) or name in LEFTOVER_FINE:
                continue
            parent = self.parents.get(node)
            if isinstance(parent, cst.Attribute) and parent.value is node:
                continue  # the longer spelling above it is the one reported
            if isinstance(parent, (cst.ImportAlias,)) or self.in_import(node):
                continue
            holder = self.holder_of(node)
            if holder is None or id(holder) in explained:
                continue
            if id(holder) in parts:
                continue
            explained.add(id(holder))
            where = f"`{holder.name.value}`" if isinstance(holder, cst.FunctionDef) else "this statement"
            in_project = project_index.current() is not None
            why = ("TPUEstimator and its tf.estimator.tpu helpers have no automatic rewrite: train a Keras model "
                   "under tf.distribute.TPUStrategy" if "TPUEstimator" in name or ".tpu." in name else
                   "tf.contrib.learn went with tf.contrib in TF 2.0. tfmigrate rewrites its RunConfig when a "
                   "tf.estimator Estimator takes it, or when only its tf_config is read, in the same scope, from "
                   "plain values not bound again in between; not this one (its gpu_memory_fraction is a GPU memory "
                   "limit: tf.config.set_logical_device_configuration)"
                   if name == "tf.contrib.learn.RunConfig" else
                   "tf.contrib.learn went with tf.contrib in TF 2.0; move to Keras (or tf.data for its input "
                   "helpers) by hand" if name.startswith("tf.contrib.learn.") else self.reason_left(holder) or
                   self.subclass_reason() or
                   ("the Estimator that uses it is built in a form tfmigrate cannot follow (see the reports where it "
                    "is built), or outside this run; migrate by hand" if in_project else
                    "the Estimator that uses it is built elsewhere (run tfmigrate on the whole project) or in a form "
                    "it cannot follow; migrate by hand"))
            out.append(Finding(CODE_DRIVER, f"{where} uses `{name}`, TF1 Estimator API that TF 2.16 removed, and "
                               f"tfmigrate rewrote nothing here: {why}", node))
        return sorted(out, key=lambda f: self.start(f.node))

    def subclass_reason(self) -> Optional[str]:
        """Why Estimator API in a module that subclasses tf.estimator.Estimator is left: that
        class is the Estimator, and codemods/_estimator_subclass.py did not write it as a
        function."""
        for stmt in self.module.body:
            if isinstance(stmt, cst.ClassDef) and any(
                    (self.name_of(base.value) or "") == ESTIMATOR for base in stmt.bases):
                return (f"the Estimator is `{stmt.name.value}`, a subclass of tf.estimator.Estimator, which "
                        "tfmigrate writes as a function only when its __init__ just builds params and hands a "
                        "static model_fn to super().__init__, the class is only called, and the result would be "
                        "rewritten; a model_fn that reads the object, another use of the class, or a model_fn with "
                        "no Keras form keeps it (the other reports say which)")
        return None

    def through_parameters(self, explained: set[int]) -> list[Finding]:
        """`def make(tf, ...): tf.estimator.LinearRegressor(...)`: Estimator API through a
        parameter spelled like TensorFlow, which no import of this file binds. tfmigrate
        cannot tell what the callers pass: reported once per function (#15)."""
        out: list[Finding] = []
        for node in self.index.of(cst.Attribute):
            if node.attr.value != "estimator" or not isinstance(node.value, cst.Name) \
                    or node.value.value not in TF_SPELLINGS or self.name_of(node) is not None:
                continue
            scope = self.scopes.get(node.value)
            params = [a.node for a in scope[node.value.value]] if scope is not None else []
            holder = self.holder_of(node)
            if not params or not all(isinstance(p, cst.Param) for p in params) or holder is None \
                    or id(holder) in explained:
                continue
            explained.add(id(holder))
            owner = params[0]
            while owner is not None and not isinstance(owner, (cst.FunctionDef, cst.Lambda)):
                owner = self.parents.get(owner)
            where = f"`{owner.name.value}()`" if isinstance(owner, cst.FunctionDef) else "a lambda"
            out.append(Finding(CODE_DRIVER, f"tfmigrate cannot tell that `{node.value.value}` is TensorFlow: it is a "
                               f"parameter of {where}, which callers may give any module, so this Estimator code "
                               "was left as it is; TF 2.16 has no tf.estimator: migrate it by hand", node))
        return out

    def through_star_imports(self, explained: set[int]) -> list[Finding]:
        """`from utils import *` then `tf.estimator.TrainSpec(...)`, no import of this file
        binding `tf` (#15): reported once per function or statement, unless a project run
        resolved `tf` through utils.py (then the name is TensorFlow's and the rule did its
        work)."""
        if not self.star_imports:
            return []
        modules = ", ".join(f"`{self.code(imp).strip()}`" for imp in self.star_imports)
        context = project_index.current()
        how = ("tfmigrate read the project's modules, and none of them binds it to TensorFlow by a plain import"
               if context is not None and context.index is not None else
               "run tfmigrate on the project folder, which reads the modules it imports")
        out: list[Finding] = []
        for node in self.index.of(cst.Attribute):
            if node.attr.value not in ("estimator", "learn") or not isinstance(node.value, (cst.Name, cst.Attribute)):
                continue
            root = self.star_tf_root(node)
            if root is None or self.name_of(node) is not None:
                continue
            holder = self.holder_of(node)
            if holder is None or id(holder) in explained:
                continue
            explained.add(id(holder))
            out.append(Finding(CODE_DRIVER, f"tfmigrate cannot tell that `{root.value}` is TensorFlow: no import of "
                               f"this file binds it, and it may come from {modules}; {how}. This Estimator code was "
                               "left as it is, and TF 2.16 has no tf.estimator", node))
        return out

    def linked_to(self, explained: set[int]) -> set[int]:
        """The holders joined to an explained one by the module-level names they bind and read
        (functions, a RunConfig or input function bound at the top; imports aside), in either
        direction, any number of steps."""
        links: dict[int, set[int]] = {}
        scope = self.scopes.get(self.module.body[0]) if self.module.body else None
        for assignment in (scope.assignments if scope is not None else ()):
            binder = getattr(assignment, "node", None)
            if binder is None or isinstance(binder, (cst.Import, cst.ImportFrom, cst.ImportAlias)) \
                    or self.in_import(binder):
                continue
            owner = self.holder_of(binder)
            for ref in assignment.references:
                user = self.holder_of(ref.node)
                if owner is not None and user is not None and user is not owner:
                    links.setdefault(id(user), set()).add(id(owner))
                    links.setdefault(id(owner), set()).add(id(user))
        for stmt in self.module.body:  # a method is its class's part
            if isinstance(stmt, cst.ClassDef):
                for method in stmt.body.body:
                    if isinstance(method, cst.FunctionDef):
                        links.setdefault(id(stmt), set()).add(id(method))
                        links.setdefault(id(method), set()).add(id(stmt))
        reached, todo = set(explained), list(explained)
        while todo:
            for other in links.get(todo.pop(), ()):
                if other not in reached:
                    reached.add(other)
                    todo.append(other)
        return reached

    def holder_of(self, node: cst.CSTNode) -> Optional[cst.CSTNode]:
        """The top-level function, or else the top-level statement, that `node` is in."""
        top: Optional[cst.CSTNode] = None
        cur: Optional[cst.CSTNode] = node
        function = None
        while cur is not None and not isinstance(cur, cst.Module):
            if isinstance(cur, cst.FunctionDef):
                function = cur
            top = cur
            cur = self.parents.get(cur)
        return function if function is not None else top

    def in_import(self, node: cst.CSTNode) -> bool:
        cur = self.parents.get(node)
        while cur is not None and not isinstance(cur, cst.BaseStatement):
            if isinstance(cur, (cst.Import, cst.ImportFrom)):
                return True
            cur = self.parents.get(cur)
        return False

    def tf2_alias(self) -> Optional[tuple[str, tuple[ImportSpec, ...]]]:
        """A module-level name bound to `tensorflow` itself (TF2 API), or one to import."""
        for stmt in self.module.body:
            if not isinstance(stmt, cst.SimpleStatementLine):
                continue
            for small in stmt.body:
                if not isinstance(small, cst.Import):
                    continue
                for alias in small.names:
                    if self.code(alias.name) == "tensorflow":
                        bound = alias.asname.name.value if alias.asname else "tensorflow"  # type: ignore[union-attr]
                        if self.only_binding_is_tensorflow(bound):
                            return bound, ()
        for candidate in ("tf", "tf2"):
            if candidate not in self.all_names:
                return candidate, (ImportSpec("tensorflow", None, candidate),)
        return None

    def only_binding_is_tensorflow(self, name: str) -> bool:
        scope = self.scopes.get(self.module.body[0]) if self.module.body else None
        if scope is None:
            return False
        found = scope.get_qualified_names_for(name)
        return {(q.name, q.source) for q in found} == {("tensorflow", QualifiedNameSource.IMPORT)}

    def pipeline_findings(self, call: cst.Call, canned: Optional[str] = None) -> list[Finding]:
        try:
            return [self.pipeline(call, canned)]
        except _Problem as p:
            return [Finding(p.code, p.message, p.node)]

    def pipeline(self, call: cst.Call, canned: Optional[str] = None, site: Optional[_Site] = None) -> Finding:
        est_name = site.local if site is not None else self.assigned_name(call)
        in_list = est_name is None and site is None and self.listed_estimator(call)  # type: ignore[attr-defined]
        if in_list:
            est_name = self.listed_name(call)  # type: ignore[attr-defined]
        if est_name is None:
            raise _Problem(CODE_DRIVER, "Estimator(...) is not assigned to a name on its own line: "
                           "tfmigrate cannot follow how it is used", call)
        stmt = self.statement_of(call)
        if canned is not None:
            given = self.canned_args(call, canned)
        else:
            given = self.keyword_args(call, ("model_fn", "model_dir", "config", "params", "warm_start_from"))
        for key, arg in given.items():
            if key not in ("model_fn", "config", "model_dir", "params", "warm_start_from"):
                raise _Problem(CODE_DRIVER, f"Estimator({key}=...) has no automatic Keras form: "
                               + RUN_CONFIG_GUIDANCE.get(key, "migrate this pipeline by hand"), arg)
        pipeline = self.pipeline_head(call, stmt, est_name, given, site)
        pipeline.canned, pipeline.in_list = canned, bool(in_list)
        if site is not None:
            self.factory_state(pipeline)
        elif pipeline.model_dir is not None:
            self.model_dir_checkpoints(pipeline, call)
        if canned is not None:
            model = self.canned_model(call, canned, pipeline)
            # A canned model is the same model when its class and every argument but where it
            # keeps its checkpoints are written the same.
            same_model = (canned, tuple((a.keyword.value if a.keyword else None, re.sub(r"\s+", "", self.code(a.value)))
                                        for a in call.args if not (a.keyword is not None and a.keyword.value in (
                                            "config", "model_dir", "warm_start_from"))), pipeline.metric_fn)
            self.model_dirs.append((call, pipeline.model_dir_node, same_model))
            if "warm_start_from" in given and not _is_none(given["warm_start_from"].value):
                if "DNNLinearCombined" in canned:
                    raise _Problem(CODE_CANNED, "warm_start_from on a model with two optimizers: the Keras "
                                   "checkpoint would also bring the linear optimizer's state, which TF1 did not "
                                   "warm-start; migrate by hand", given["warm_start_from"])
                self.warm_start(given["warm_start_from"], pipeline, model, same_model)
            self.driver(pipeline, stmt, model)
            self.graph_mode_switches(pipeline)
            return self.pipeline_fix(pipeline, model)
        if pipeline.model_dir is None:  # checkpoints of a temporary directory: nobody reads them
            pipeline.dropped += [a for a in (pipeline.keep_arg, pipeline.save_every_arg) if a is not None]
            pipeline.save_every = None
        model = self.model_fn(given.get("model_fn"), call, pipeline)
        self.model_dirs.append((call, pipeline.model_dir_node, pipeline.model_fn_node))
        if "warm_start_from" in given and not _is_none(given["warm_start_from"].value):
            self.warm_start(given["warm_start_from"], pipeline, model, pipeline.model_fn_node)
        self.driver(pipeline, stmt, model)
        self.graph_mode_switches(pipeline)
        return self.pipeline_fix(pipeline, model)

    def pipeline_head(self, call: cst.Call, stmt: cst.SimpleStatementLine, est_name: str,
                      given: dict[str, cst.Arg], site: Optional[_Site] = None) -> _Pipeline:
        """What every pipeline reads first: the name for `tensorflow`, model_dir, params, and
        the RunConfig with its strategy."""
        tf = self.tf2_alias()
        if tf is None:
            raise _Problem(CODE_DRIVER, "no name is free for `import tensorflow`", call)
        pipeline = _Pipeline(call, stmt, est_name, strategy_name="", tf=tf[0], imports=tf[1], site=site)
        if site is not None:
            pipeline.driver_name = site.driver
        if "model_dir" in given and not _is_none(given["model_dir"].value):
            pipeline.model_dir = self.plain(given["model_dir"].value)
            pipeline.model_dir_node = given["model_dir"].value
        pipeline.params = self.code(given["params"].value) if "params" in given else None
        pipeline.params_node = given["params"].value if "params" in given else None
        eval_strategy = None
        if "config" in given and not _is_none(given["config"].value):
            strategy_expr, eval_strategy = self.run_config(given["config"].value, pipeline, stmt)
            if strategy_expr is not None:
                self.strategy(strategy_expr, eval_strategy, pipeline, stmt)
        pipeline.eval_distributed = eval_strategy is not None
        self.without_fresh_temporary_dir(pipeline, given)
        kind = self.name_of(pipeline.strategy_call.func) if pipeline.strategy_call is not None else None
        if kind in MULTI_WORKER | COLLECTIVE and pipeline.model_dir is not None:
            raise _Problem(CODE_RUN_CONFIG_ARG, "model_dir under a multi-worker strategy: the Estimator's chief alone "
                           "wrote checkpoints there, while every worker runs the rewritten code; in Keras only the "
                           "chief may save to it (the others to a directory of their own, see "
                           "tf.distribute.MultiWorkerMirroredStrategy's guide): migrate the checkpoints by hand",
                           pipeline.model_dir_node or call)
        return pipeline

    def model_dir_checkpoints(self, pipeline: _Pipeline, call: cst.Call) -> None:
        """Two Estimators of one file with a model_dir each keep a checkpoint manager each."""
        est_name = pipeline.estimator_name
        names = self.free_names(("checkpoint", "keras_checkpoint", "model_checkpoint", f"{est_name}_checkpoint"),
                                ("checkpoints", "checkpoint_manager", "keras_checkpoints",
                                 f"{est_name}_checkpoints"))
        if names is None:
            raise _Problem(CODE_DRIVER, "no free names for the checkpoint manager of model_dir", call)
        pipeline.checkpoint, pipeline.checkpoints = names
        self.all_names.update(names)
        self.model_dir_or_temporary(pipeline)

    def canned_args(self, call: cst.Call, canned: str) -> dict[str, cst.Arg]:
        """model_dir, config and warm_start_from of a canned Estimator; the library reads every
        other argument."""
        cls = canned.rsplit(".", 1)[1]
        order = CANNED_PARAMS.get(cls)
        if order is None:
            raise _Problem(CODE_CANNED, f"{cls} has no checked Keras form (checked: DNN, Linear, DNNLinearCombined and "
                           "Baseline classifiers and regressors)", call)
        positional = [a for a in call.args if a.keyword is None and not a.star]
        if any(a.star for a in call.args):
            raise _Problem(CODE_CANNED, f"`{self.code(call)}` unpacks arguments: tfmigrate cannot see them", call)
        if len(positional) > order.index("model_dir"):
            raise _Problem(CODE_CANNED, f"{cls}(...) gives model_dir or later arguments by position: name them",
                           call)
        return {a.keyword.value: a for a in call.args if a.keyword is not None
                and a.keyword.value in ("model_dir", "config", "warm_start_from")}

    def canned_model(self, call: cst.Call, canned: str, pipeline: _Pipeline) -> KerasModelCode:
        cls = canned.rsplit(".", 1)[1]
        kind = self.canned_kind(call, cls, pipeline)
        names = self.free_names((f"{cls}Model", f"{cls}KerasModel", f"{pipeline.estimator_name.capitalize()}{cls}Model"),)
        if names is None:
            raise _Problem(CODE_DRIVER, "no free names for the generated Keras code", call)
        pipeline.metric_fn = self.added_metrics_fn(pipeline)
        # Columns of another module of the project (`features.COLUMNS`) are read there (#15).
        lookups = self.across_lookups()
        binding = self.through_trainer(lookups.binding, call) if pipeline.site is None \
            else self.through_factory(lookups.binding, pipeline)
        try:
            canned_model = translate_canned(call, kind, lookups.name_of, self.code, binding, names[0],
                                            parent=lookups.parent, metric_fn=pipeline.metric_fn,
                                            latest=lookups.latest, sparse_inputs=self.parses_sparse_features())
        except NotTranslatable as e:
            node = e.node if e.node is None or lookups.owner(e.node) is self else call
            named = node.func if isinstance(node, cst.Call) else node
            if isinstance(named, cst.Attribute) and self.foreign_function(named) is not None \
                    and lookups.binding(named) is None:
                where = ("that module is not in this run" if project_index.current() is not None
                         else RUN_ON_THE_PROJECT)
                raise _Problem(CODE_CANNED, f"feature columns `{self.code(node)}` are defined in another module: "
                               f"{where}; the Estimator pipeline was left as it is", node)
            raise _Problem(CODE_CANNED, f"{e}; the Estimator pipeline was left as it is", node)
        if canned_model.edits:
            raise _Problem(CODE_CANNED, "these feature columns need edits where they are defined; not written yet",
                           call)
        for name in getattr(canned_model, "reads", ()):
            if not self.bound_before(name, pipeline.estimator_stmt):
                raise _Problem(CODE_CANNED, f"the model needs `{name}`, which is not bound where the Estimator "
                               "is built", call)
        fill = (lambda text: text.format(keras=f"{pipeline.tf}.keras", tf=pipeline.tf))  # the library escapes braces
        leaked = lookups.leaked(fill(canned_model.definitions) + "\n" + fill(canned_model.build))
        if leaked is not None:
            raise _Problem(CODE_CANNED, f"the feature columns of another module read `{leaked}` there, which the "
                           "Keras model would read in this module: migrate by hand", call)
        self.all_names.add(names[0])
        pipeline.removed += self.optimizer_statements(call)
        return KerasModelCode(fill(canned_model.definitions), "", False, True, True, build=fill(canned_model.build),
                              reads=set(canned_model.reads), canned_predict_keys=list(canned_model.predict_keys))

    def bound_before(self, name: str, stmt: cst.CSTNode) -> bool:
        """Is `name` visible at `stmt` (bound in its scope or a global)?"""
        scope = self.scopes.get(stmt)
        return scope is not None and bool(list(scope[name]))

    def model_fn(self, arg: Optional[cst.Arg], call: cst.Call, pipeline: _Pipeline) -> KerasModelCode:
        node = arg.value if arg else None
        partial = self.partial_bound_to(node)
        if partial is not None:  # `network = functools.partial(...)`, used only here: read in its place
            pipeline.removed.append(self.statement_of(partial))  # type: ignore[arg-type]
            node = partial
        fn = self.single_binding(node) if isinstance(node, cst.Name) else None
        shared = isinstance(fn, cst.FunctionDef) and not self.model_fn_uses_ok(fn, node, pipeline) \
            and self.model_fn_shared(fn, node, pipeline)
        factory_return = None
        qualified = self.foreign_function(node.func if isinstance(node, cst.Call) else node) \
            if not isinstance(fn, cst.FunctionDef) else None
        if qualified is not None:
            return self.foreign_model_fn(node, qualified, call, pipeline)  # type: ignore[arg-type]
        if isinstance(node, cst.Call) and self.name_of(node.func) == "functools.partial" and node.args \
                and node.args[0].keyword is None and not node.args[0].star:
            qualified = self.foreign_function(node.args[0].value)
            if qualified is not None:  # a partial of another module's model_fn
                return self.foreign_model_fn(node.args[0].value, qualified, call, pipeline, partial=node)
        partial: Optional[tuple[list[cst.Param], list[cst.Arg]]] = None
        method: Optional[_Method] = None
        if isinstance(node, cst.Call) and self.name_of(node.func) == "functools.partial":
            fn, partial = self.model_fn_of_partial(node)
        elif isinstance(node, cst.Call):
            fn, factory_return = self.model_fn_of_factory(node)
        elif isinstance(node, cst.Attribute):
            foreign = self.foreign_class_of(node)
            if foreign is not None:  # a method of an object of another module's class
                return self.foreign_model_fn(foreign[1], foreign[0], call, pipeline, method=node)
            method = self.model_fn_of_method(node)
            fn = method.fn
        elif not isinstance(fn, cst.FunctionDef) or not (shared or self.model_fn_uses_ok(fn, node, pipeline)):
            raise _Problem(CODE_MODEL_FN, "model_fn is not a function defined once in this file and used only "
                           "here", node or call)
        elif not isinstance(self.parents.get(fn), cst.Module):
            raise _Problem(CODE_MODEL_FN, "model_fn is not defined at the top of the module", fn)
        taken = self.all_names
        if shared:
            # Every Estimator of a shared model_fn gets a model of one class: the same names,
            # and the same names taken when it was first translated, so the same code.
            if id(fn) not in self.shared_fn_taken:
                self.shared_fn_taken[id(fn)] = (set(self.all_names), self.model_fn_names(fn))
            first_taken, names = self.shared_fn_taken[id(fn)]
            taken = set(first_taken)
        else:
            names = self.model_fn_names(fn)
        if names is None:
            raise _Problem(CODE_DRIVER, "no free names for the generated Keras code", call)
        pipeline.model_fn_node = method.method if method is not None else fn
        pipeline.model_fn_return = factory_return
        pipeline.shared_model_fn = bool(shared)
        try:
            model = translate(self.without_bound(fn, partial), self.name_of,
                              self.method_code(method) if method is not None else self.code, pipeline.tf, names[0],
                              names[1], taken, binding=self.single_binding, params_value=pipeline.params_node,
                              parent=self.parents.get)
            self.all_names |= taken
        except NotTranslatable as e:
            code = {"optimizer": CODE_OPTIMIZER, "hooks": CODE_HOOKS}.get(e.code, CODE_MODEL_FN)
            raise _Problem(code, f"{e}; the Estimator pipeline was left as it is", e.node)
        if factory_return is not None:
            # The model class and its make function stand where the factory defined the model_fn,
            # so they read the factory's arguments as the closure did; the factory now returns
            # the make function, and its call gives the model.
            args = (pipeline.params if pipeline.params is not None else "{}") if model.takes_params else ""
            model.build = f"{self.code(node)}({args})"
            if model.extra_args:
                raise _Problem(CODE_MODEL_FN, "a model_fn made by a factory whose feature keys are known only at "
                               "run time: migrate by hand", node)
        if partial is not None:
            self.made_with_partial(model, partial, node, pipeline)  # type: ignore[arg-type]
        if method is not None:
            self.made_with_method(model, method, node, pipeline)  # type: ignore[arg-type]
        for name in model.reads:
            if not self.bound_before(name, pipeline.estimator_stmt):
                raise _Problem(CODE_MODEL_FN, f"the model needs `{name}`, which is not bound where the Estimator "
                               "is built", call)
        for node in model.module_statements:  # `head = tf.estimator.BinaryClassHead()` at the top
            stmt = self.statement_of(node)
            if stmt is None or not all(_inside_node(use, fn) for use in self.references(node)):
                raise _Problem(CODE_MODEL_FN, f"`{self.code(stmt or node).strip()}` is read outside the model_fn "
                               "too, where nothing takes its place; the Estimator pipeline was left as it is", node)
            if stmt not in pipeline.removed:
                pipeline.removed.append(stmt)
        try:
            return model
        except NotTranslatable as e:
            code = {"optimizer": CODE_OPTIMIZER, "hooks": CODE_HOOKS}.get(e.code, CODE_MODEL_FN)
            raise _Problem(code, f"{e}; the Estimator pipeline was left as it is", e.node)

    def model_fn_of_factory(self, call: cst.Call) -> tuple[cst.FunctionDef, cst.Name]:
        """`Estimator(model_fn=build_model_fn(vocab_size))` where the top-level `build_model_fn`
        is called only here and its body is `def model_fn(...): ...` then `return model_fn`
        (a docstring and plain assignments may come first): the inner model_fn, and the name
        its factory returns."""
        refuse = _Problem(CODE_MODEL_FN, f"model_fn is the value of `{self.code(call.func)}(...)`: tfmigrate "
                          "follows a factory defined at the top of the module, called once, whose body defines the "
                          "model_fn and returns it; otherwise pass its arguments through params= and rerun, or "
                          "migrate by hand", call)
        factory = self.single_binding(call.func) if isinstance(call.func, cst.Name) else None
        if not isinstance(factory, cst.FunctionDef) or self.references(factory) != [call.func]:
            raise refuse
        return self.factory_parts(factory, refuse)

    def factory_parts(self, factory: cst.FunctionDef, refuse: _Problem) -> tuple[cst.FunctionDef, cst.Name]:
        """The model_fn a top-level factory defines, and the name it returns."""
        if not isinstance(self.parents.get(factory), cst.Module) or factory.asynchronous or factory.decorators:
            raise refuse
        body = list(factory.body.body)  # type: ignore[attr-defined]
        if len(body) < 2 or not isinstance(body[-2], cst.FunctionDef):
            raise refuse
        inner, last = body[-2], body[-1]
        ret = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
        if not (isinstance(ret, cst.Return) and isinstance(ret.value, cst.Name)
                and ret.value.value == inner.name.value) or self.references(inner) != [ret.value]:
            raise refuse
        for stmt in body[:-2]:
            # assignments, and helpers the model_fn calls (written out at their calls, as
            # top-level helpers are; a nested class or a loop is not followed)
            if not (isinstance(stmt, cst.SimpleStatementLine) and all(
                    isinstance(small, (cst.Assign, cst.Expr, cst.Assert)) for small in stmt.body)) \
                    and not (isinstance(stmt, cst.FunctionDef) and not stmt.decorators):
                raise refuse
        if any(isinstance(n, (cst.Nonlocal, cst.Global)) for stmt in body[:-1] for n in _walk(stmt)):
            raise refuse
        return inner, ret.value

    def model_fn_of_partial(self, call: cst.Call) -> tuple[cst.FunctionDef, tuple[list[cst.Param], list[cst.Arg]]]:
        """`Estimator(model_fn=functools.partial(model_fn, n_classes=4))` where the top-level
        `model_fn` is used only here and its parameters beyond (features, labels, mode,
        params, config) are given by keyword in the partial or have defaults: the model_fn,
        its other parameters, and the partial's keyword arguments."""
        refuse = _Problem(CODE_MODEL_FN, f"model_fn is `{self.code(call)}`: tfmigrate follows a partial of a "
                          "model_fn defined at the top of this module and used only here, whose other parameters "
                          "are given by keyword or have defaults; migrate by hand", call)
        first = call.args[0] if call.args else None
        if first is None or first.keyword is not None or first.star or not isinstance(first.value, cst.Name):
            raise refuse
        fn = self.single_binding(first.value)
        if not isinstance(fn, cst.FunctionDef) or not isinstance(self.parents.get(fn), cst.Module) \
                or self.references(fn) != [first.value]:
            raise refuse
        given = list(call.args[1:])
        extra = self.partial_parameters(fn, given)
        if extra is None:
            raise refuse
        return fn, (extra, given)

    def without_bound(self, fn: cst.FunctionDef, partial: Optional[tuple[list[cst.Param], list[cst.Arg]]]
                      ) -> cst.FunctionDef:
        """The model_fn as the Estimator saw it: without the parameters a partial binds."""
        if partial is None:
            return fn
        extra = {id(p) for p in partial[0]}
        return fn.with_changes(params=fn.params.with_changes(
            params=[p for p in fn.params.params if id(p) not in extra]))

    def made_with_partial(self, model: KerasModelCode, partial: tuple[list[cst.Param], list[cst.Arg]],
                          call: cst.Call, pipeline: _Pipeline) -> None:
        """The model class and its make function go inside a function that takes what the
        partial bound (and the model_fn's other defaults), so they read them as the model_fn
        did; the Estimator's place calls it with the partial's arguments."""
        extra, given = partial
        wrapper = self.wrapped_for_partial(model, extra, call)
        args = (pipeline.params if pipeline.params is not None else "{}") if model.takes_params else ""
        model.build = f"{wrapper}({self.partial_arguments(given)})({args})"
        pipeline.drop_imports += (("functools", "partial"), ("functools", None))  # `from functools import partial`, if unused now

    def partial_bound_to(self, node: Optional[cst.BaseExpression]) -> Optional[cst.Call]:
        """The `functools.partial(...)`, or call of a model_fn factory of this module
        (`model_fn = model_fn_builder(config, ...)`), that `name = ...` binds to the name `node`,
        when `node` is its one use, in the same scope, and nothing the call reads is bound again
        in between (the rewrite calls the function that makes the model with those values)."""
        if not isinstance(node, cst.Name):
            return None
        bound = self.single_binding(node)
        factory = isinstance(bound, cst.Call) and isinstance(bound.func, cst.Name) \
            and isinstance(self.single_binding(bound.func), cst.FunctionDef)
        if not (isinstance(bound, cst.Call) and (self.name_of(bound.func) == "functools.partial" or factory)
                and self.assigned_name(bound) and self.references(bound) == [node]
                and self.scopes.get(bound) is self.scopes.get(node)):
            return None
        stmt = self.statement_of(bound)
        if not self.runs_before(stmt, node) \
                or any(not self.movable(a.value) or self.rebound_between(a.value, stmt, node) for a in bound.args):
            return None
        return bound

    def wrapped_for_partial(self, model: KerasModelCode, extra: list[cst.Param], node: cst.CSTNode) -> str:
        """Put the model's source inside `def make_..._for(<extra parameters>)`, which returns
        the make function; its name. (In the model_fn's module: the same for every driver.)"""
        names = self.free_names((f"{model.make}_for", f"{model.make}_with"))
        if names is None or model.extra_args:
            raise _Problem(CODE_MODEL_FN, "a partial model_fn whose feature keys are known only at run time, or no "
                           "free name for the function that makes its model: migrate by hand", node)
        clash = bound_by_generated_code(model.source, {p.name.value for p in extra})
        if clash:
            raise _Problem(CODE_MODEL_FN, "the model_fn is given through functools.partial, and the Keras code binds "
                           f"`{sorted(clash)[0]}` for itself, where it would read the partial's: migrate by hand", node)
        self.all_names.add(names[0])
        body = "".join("    " + line if line.strip() else line for line in model.source.splitlines(True))
        model.source = (f"def {names[0]}({', '.join(self.code(p).rstrip(', ') for p in extra)}):\n"
                        f"{body}\n    return {model.make}\n")
        return names[0]

    def partial_arguments(self, given: list[cst.Arg]) -> str:
        return ", ".join(f"{a.keyword.value}={self.code(a.value)}" for a in given)  # type: ignore[union-attr]

    @staticmethod
    def partial_parameters(fn: cst.FunctionDef, given: list[cst.Arg]) -> Optional[list[cst.Param]]:
        """The model_fn's parameters beyond (features, labels, mode, params, config), when the
        partial's keyword arguments `given` bind only those, and every one without a default."""
        if any(a.keyword is None or a.star for a in given):
            return None
        extra = [p for p in fn.params.params if p.name.value not in MODEL_FN_PARAMS]
        bound = {a.keyword.value for a in given}  # type: ignore[union-attr]
        if not bound <= {p.name.value for p in extra} or any(p.default is None and p.name.value not in bound
                                                             for p in extra):
            return None
        return extra

    def model_fn_names(self, fn: cst.FunctionDef) -> Optional[list[str]]:
        base = re.sub(r"_?model_fn$|_fn$", "", fn.name.value) or "keras"
        camel = "".join(part.capitalize() for part in base.split("_") if part) + "Model"
        return self.free_names((camel, camel + "Keras"), (f"make_{base}_model", f"make_{base}_keras_model"))

    def model_fn_shared(self, fn: cst.FunctionDef, node: cst.CSTNode, pipeline: _Pipeline) -> bool:
        """Is the model_fn the `model_fn` of several Estimators built in this file (a pretrain
        and a finetune, a resumed run)? Each becomes a model of one Keras class, written once
        when all of them are rewritten with the same class (EstimatorRule.run)."""
        uses = self.references(fn)
        if pipeline.site is not None or node not in uses or len(uses) < 2:
            return False
        users = []
        for use in uses:
            arg = self.parents.get(use)
            call = self.parents.get(arg)
            if not (isinstance(arg, cst.Arg) and arg.value is use and isinstance(call, cst.Call)
                    and self.name_of(call.func) == ESTIMATOR and call not in self.factory_calls
                    and (arg.keyword is None and call.args[0] is arg
                         or arg.keyword is not None and arg.keyword.value == "model_fn")):
                return False
            users.append(call)
        self.model_fn_users[id(fn)] = sorted(users, key=self.start)
        return True

    def model_fn_uses_ok(self, fn: cst.FunctionDef, node: cst.CSTNode, pipeline: _Pipeline) -> bool:
        """Is the model_fn used only by this Estimator (or, in a factory, only by Estimators it
        returns: each becomes a model of the same class, which the merge checks)?"""
        uses = self.references(fn)
        if uses == [node]:
            return True
        if pipeline.site is None or node not in uses:
            return False
        for use in uses:
            arg = self.parents.get(use)
            call = self.parents.get(arg)
            if not (isinstance(arg, cst.Arg) and arg.value is use and call in pipeline.site.alternatives
                    and (arg.keyword is None and call.args[0] is arg
                         or arg.keyword is not None and arg.keyword.value == "model_fn")):
                return False
        return True

    def graph_mode_switches(self, pipeline: _Pipeline) -> None:
        """`tf.disable_v2_behavior()` would stop Keras 3 from running: it goes, unless other
        graph-mode code in the file needs it."""
        switches = [c for c, n in self.calls() if n in GRAPH_MODE_SWITCHES]
        if not switches:
            return
        # (a serving_input_receiver_fn the export rewrite removes made placeholders for a graph of its own)
        gone = [n for n in pipeline.removed if isinstance(n, cst.FunctionDef)]
        graph_code = [c for c, n in self.calls() if n in GRAPH_MODE_USERS
                      and not any(self.encloses(fn, c) for fn in gone)]
        for call in switches:
            stmt = self.statement_of(call)
            if graph_code or stmt is None or len(stmt.body) != 1 or not isinstance(stmt.body[0], cst.Expr):
                raise _Problem(CODE_DRIVER, f"`{self.code(call)}` turns eager execution off, which Keras 3 cannot "
                               "run under, and other code here needs graph mode: migrate by hand", call)
            pipeline.removed.append(stmt)


# Modules whose names are Estimator API that TF 2.16 removed, when imported by name.
ESTIMATOR_MODULES = ("tensorflow.estimator", "tensorflow.compat.v1.estimator", "tensorflow_estimator")

RULE = EstimatorRule()
COMMANDS = {"EstimatorCommand": "Rewrite distributed Estimator pipelines as Keras code under strategy.scope()."}
# LibCST's runner (`python -m libcst.tool codemod estimator.EstimatorCommand`) looks the command up by
# name; building it imports libcst.codemod, which the engine does not need, so only then.
__getattr__, __dir__ = command_attributes(RULE, COMMANDS, globals())
