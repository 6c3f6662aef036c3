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

from dataclasses import dataclass, field
from typing import Iterable, Iterator, Optional, Sequence, Union

import libcst as cst
from libcst.metadata import (
    MetadataWrapper,
    PositionProvider,
    QualifiedNameProvider,
    QualifiedNameSource,
    ScopeProvider,
)

from tfmigrate.codemods._estimator_keras import KerasModel, NotTranslatable, translate_model_fn
from tfmigrate.codemod_command import command_attributes
from tfmigrate.metadata import node_index, preorder
from tfmigrate.names import is_compat_v1, resolve
from tfmigrate.rule import Edit, Finding, ImportSpec, Replace, Rule

CODE_PIPELINE = "TFM200"
CODE_CONTRIB_MIRRORED = "TFM201"
CODE_COLLECTIVE = "TFM202"
CODE_PARAMETER_SERVER = "TFM203"
CODE_STRATEGY_LEFT = "TFM204"
CODE_CONTRIB_ONE_DEVICE = "TFM205"
CODE_MODEL_FN = "TFM210"
CODE_OPTIMIZER = "TFM211"
CODE_HOOKS = "TFM212"
CODE_CANNED = "TFM213"
CODE_MODEL_TO_ESTIMATOR = "TFM214"
CODE_RUN_CONFIG_DYNAMIC = "TFM215"
CODE_RUN_CONFIG_ARG = "TFM216"
CODE_INPUT_FN = "TFM217"
CODE_DRIVER = "TFM218"
CODE_NO_STRATEGY = "TFM219"
CODE_DROPPED = "TFM220"

CODES = {
    CODE_PIPELINE: "Estimator + RunConfig(train_distribute=…) + train/evaluate → Keras model built under "
                   "strategy.scope(), compile, fit, evaluate (per-replica batches kept)",
    CODE_CONTRIB_MIRRORED: "tf.contrib.distribute.MirroredStrategy(num_gpus=n) → tf.distribute.MirroredStrategy(devices), where it goes to RunConfig",
    CODE_COLLECTIVE: "tf.contrib.distribute.CollectiveAllReduceStrategy() → tf.distribute.MultiWorkerMirroredStrategy()",
    CODE_PARAMETER_SERVER: "parameter-server strategy: no automatic rewrite (ParameterServerStrategy + ClusterCoordinator)",
    CODE_STRATEGY_LEFT: "a contrib strategy whose arguments have no exact TF2 form, or that does not only go to RunConfig",
    CODE_CONTRIB_ONE_DEVICE: "tf.contrib.distribute.OneDeviceStrategy(device) → tf.distribute.OneDeviceStrategy(device)",
    CODE_MODEL_FN: "model_fn with no clear Keras form (branches, custom train_op, other layers or losses)",
    CODE_OPTIMIZER: "tf.train optimizer with no Keras optimizer that has the same update",
    CODE_HOOKS: "session hooks (SessionRunHook): rewrite them as Keras callbacks by hand",
    CODE_CANNED: "canned Estimator (DNNClassifier, LinearRegressor, …): no Keras equivalent with the same model",
    CODE_MODEL_TO_ESTIMATOR: "tf.keras.estimator.model_to_estimator: train the Keras model directly",
    CODE_RUN_CONFIG_DYNAMIC: "RunConfig built in a way tfmigrate cannot follow (**kwargs, replace(), passed around)",
    CODE_RUN_CONFIG_ARG: "RunConfig argument with no automatic Keras form (model_dir, session_config, …)",
    CODE_INPUT_FN: "input_fn that is not a function in this file returning a tf.data.Dataset",
    CODE_DRIVER: "Estimator used in a way tfmigrate cannot follow (predict, export, spec options, other uses)",
    CODE_NO_STRATEGY: "Estimator without RunConfig(train_distribute=…): not rewritten",
    CODE_DROPPED: "RunConfig arguments that only affected logging or the temporary model directory were dropped",
}

ESTIMATOR = "tf.estimator.Estimator"
RUN_CONFIG = "tf.estimator.RunConfig"
PER_REPLICA_BATCH = ("{kind} left as it is: it does not only go to RunConfig(train_distribute=...), and contrib's "
                     "strategies took each dataset batch as one replica's where TF2's split it across the replicas; "
                     "use tf.distribute's strategy and multiply the batch size by strategy.num_replicas_in_sync")
TRAIN_SPEC = "tf.estimator.TrainSpec"
EVAL_SPEC = "tf.estimator.EvalSpec"
TRAIN_AND_EVALUATE = "tf.estimator.train_and_evaluate"
MODEL_TO_ESTIMATOR = "tf.keras.estimator.model_to_estimator"
CANNED = {
    f"tf.estimator.{n}" for n in (
        "DNNClassifier", "DNNRegressor", "DNNEstimator", "LinearClassifier", "LinearRegressor",
        "LinearEstimator", "DNNLinearCombinedClassifier", "DNNLinearCombinedRegressor",
        "DNNLinearCombinedEstimator", "BoostedTreesClassifier", "BoostedTreesRegressor",
        "BaselineClassifier", "BaselineRegressor", "BaselineEstimator")
}
MIRRORED = {"tf.distribute.MirroredStrategy"}
CONTRIB_MIRRORED = "tf.contrib.distribute.MirroredStrategy"
COLLECTIVE = {"tf.contrib.distribute.CollectiveAllReduceStrategy"}
CONTRIB_ONE_DEVICE = "tf.contrib.distribute.OneDeviceStrategy"
# Imports a contrib rewrite may orphan: tf.contrib is gone, so a leftover one fails at import.
CONTRIB_IMPORTS = (
    ("tensorflow.contrib", "distribute"),
    ("tensorflow.contrib.distribute", "MirroredStrategy"),
    ("tensorflow.contrib.distribute", "CollectiveAllReduceStrategy"),
    ("tensorflow.contrib.distribute", "OneDeviceStrategy"),
)
MULTI_WORKER = {"tf.distribute.MultiWorkerMirroredStrategy", "tf.distribute.experimental.MultiWorkerMirroredStrategy"}
PARAMETER_SERVER = {
    "tf.contrib.distribute.ParameterServerStrategy",
    "tf.distribute.experimental.ParameterServerStrategy",
    "tf.distribute.ParameterServerStrategy",
}
# tensorflow_estimator's own module paths, spelled as tf.estimator.
ESTIMATOR_PACKAGES = ("tensorflow_estimator.estimator.", "tensorflow_estimator.python.estimator.estimator.")

# RunConfig arguments: those whose whole effect was logging or files in the temporary
# model directory (there is no model_dir, or the pipeline would not be rewritten).
RUN_CONFIG_DROPPABLE = {
    "log_step_count_steps", "save_summary_steps", "save_checkpoints_steps", "save_checkpoints_secs",
    "keep_checkpoint_max", "keep_checkpoint_every_n_hours",
}
RUN_CONFIG_GUIDANCE = {
    "model_dir": "Estimator resumed from and kept checkpoints in model_dir; in Keras add "
                 "tf.keras.callbacks.ModelCheckpoint / BackupAndRestore and restore explicitly",
    "session_config": "move the ConfigProto settings to tf.config calls at program start "
                      "(tfmigrate's TFM1xx rules do this for sessions) and drop session_config",
    "device_fn": "Keras places variables through the strategy; there is no device_fn",
    "protocol": "set the server protocol in the cluster resolver of the strategy",
    "experimental_distribute": "use the strategy from DistributeConfig directly",
}
DATASET_ROOTS = ("tf.data.",)
DATASET_METHODS = {
    "batch", "shuffle", "repeat", "map", "prefetch", "cache", "take", "skip", "filter", "padded_batch",
    "unbatch", "zip", "concatenate", "with_options",
}
# Imports the rewrite may leave unused (the engine drops only unused ones).
TF1_IMPORTS = (
    ("tensorflow", "compat.v1"), ("tensorflow.compat", "v1"),
    *((module, name) for module in ("tensorflow", "tensorflow.compat.v1")
      for name in ("estimator", "layers", "losses", "metrics", "train")),
)
EVAL_SPEC_DEFAULT_STEPS = "100"  # EvalSpec(steps=100) is the TF1 default


class EstimatorRule(Rule):
    name = "estimator"
    codes = CODES
    # A pipeline names an Estimator; a strategy site names its class.
    triggers = ("estimator", "Estimator", "MirroredStrategy", "CollectiveAllReduceStrategy", "OneDeviceStrategy",
                "ParameterServerStrategy")

    def find(self, wrapper: MetadataWrapper) -> Iterable[Finding]:
        return _Analysis(wrapper).run()


class _Problem(Exception):
    def __init__(self, code: str, message: str, node: cst.CSTNode) -> None:
        super().__init__(message)
        self.code, self.message, self.node = code, message, node


@dataclass
class _Call:
    """A train or evaluate call of the pipeline, already in Keras form (minus the model name)."""

    stmt: cst.SimpleStatementLine
    lines: list[str]  # statements that replace it, `{model}` for the model name


@dataclass
class _Pipeline:
    estimator_call: cst.Call
    estimator_stmt: cst.SimpleStatementLine
    estimator_name: str
    strategy_name: str
    strategy_stmt: Optional[cst.SimpleStatementLine] = None  # None: inline in RunConfig
    strategy_call: Optional[cst.Call] = None
    removed: list[cst.SimpleStatementLine] = field(default_factory=list)
    calls: list[_Call] = field(default_factory=list)
    evaluates: bool = False
    seed: Optional[str] = None
    dropped: list[cst.Arg] = field(default_factory=list)


class _Analysis:
    def __init__(self, wrapper: MetadataWrapper) -> None:
        self.module = wrapper.module
        self.qnames = wrapper.resolve(QualifiedNameProvider)
        self.index = node_index(wrapper.module)
        self.parents = self.index.parents
        self.positions = wrapper.resolve(PositionProvider)
        self.scopes = wrapper.resolve(ScopeProvider)
        self.all_names = {n.value for n in self.index.of(cst.Name)}
        self.handled_strategies: set[cst.Call] = set()

    # -- helpers ------------------------------------------------------------------------

    def start(self, node: cst.CSTNode) -> tuple[int, int]:
        pos = self.positions[node]
        return pos.start.line, pos.start.column

    def code(self, node: cst.CSTNode) -> str:
        return self.module.code_for_node(node)

    def name_of(self, node: cst.CSTNode) -> Optional[str]:
        found = self.qnames.get(node)
        found = set(found() if callable(found) else found or ())
        if any(q.source != QualifiedNameSource.IMPORT for q in found):
            return None
        name = resolve(self.qnames, node)
        for prefix in ESTIMATOR_PACKAGES:
            if name and name.startswith(prefix):
                return "tf.estimator." + name[len(prefix):]
        return name

    def calls(self) -> Iterator[tuple[cst.Call, str]]:
        for node in self.index.of(cst.Call):
            name = self.name_of(node.func)
            if name:
                yield node, name

    def statement_of(self, node: cst.CSTNode) -> Optional[cst.SimpleStatementLine]:
        while node is not None and not isinstance(node, cst.SimpleStatementLine):
            node = self.parents.get(node)
        return node

    def block_of(self, stmt: cst.CSTNode) -> Optional[cst.CSTNode]:
        return self.parents.get(stmt)

    def assigned_name(self, value: cst.CSTNode) -> Optional[str]:
        """`name` if `value` is the whole right-hand side of a one-line `name = value`."""
        stmt = self.statement_of(value)
        if stmt is None or len(stmt.body) != 1:
            return None
        small = stmt.body[0]
        if (isinstance(small, cst.Assign) and small.value is value and len(small.targets) == 1
                and isinstance(small.targets[0].target, cst.Name)):
            return small.targets[0].target.value
        return None

    def single_binding(self, name: cst.Name) -> Optional[cst.CSTNode]:
        """The one node that binds `name` where it is used (assignment value or def)."""
        scope = self.scopes.get(name)
        if scope is None:
            return None
        bindings = list(scope[name.value])
        if len(bindings) != 1:
            return None
        node = getattr(bindings[0], "node", None)
        if isinstance(node, cst.FunctionDef):
            return node
        parent = self.parents.get(node)
        if isinstance(parent, cst.AssignTarget):
            assign = self.parents.get(parent)
            if isinstance(assign, cst.Assign) and len(assign.targets) == 1:
                return assign.value
        return None

    def references(self, binding: cst.CSTNode) -> list[cst.CSTNode]:
        """Every use of the name bound by the statement holding `binding`."""
        if isinstance(binding, cst.FunctionDef):
            target, scope = binding.name, self.scopes.get(binding)
        else:
            assign = self.parents.get(binding)
            target = assign.targets[0].target  # type: ignore[union-attr]
            scope = self.scopes.get(assign)
        if scope is None:
            return []
        uses: list[cst.CSTNode] = []
        for assignment in scope.assignments[target.value]:
            uses += [access.node for access in assignment.references]
        return uses

    def keyword_args(self, call: cst.Call, positional: Sequence[str]) -> dict[str, cst.Arg]:
        given: dict[str, cst.Arg] = {}
        for i, arg in enumerate(call.args):
            if arg.star:
                raise _Problem(CODE_RUN_CONFIG_DYNAMIC if self.name_of(call.func) == RUN_CONFIG else CODE_DRIVER,
                               f"`{self.code(call)}` unpacks {arg.star}arguments: tfmigrate cannot see them; "
                               "spell them out", arg)
            key = arg.keyword.value if arg.keyword else (positional[i] if i < len(positional) else f"#{i}")
            given[key] = arg
        return given

    # -- main ---------------------------------------------------------------------------

    def run(self) -> list[Finding]:
        findings: list[Finding] = []
        for call, name in self.calls():
            if name == ESTIMATOR:
                findings += self.pipeline_findings(call)
            elif name in CANNED:
                findings.append(Finding(CODE_CANNED, f"{name.rsplit('.', 1)[1]} is a canned Estimator; Keras has no "
                                        "model with the same structure and defaults: build the Keras model by hand "
                                        "and check its hyperparameters", call))
            elif name == MODEL_TO_ESTIMATOR:
                findings.append(Finding(CODE_MODEL_TO_ESTIMATOR, "model_to_estimator wraps a Keras model in an "
                                        "Estimator: compile and fit the Keras model under strategy.scope() instead",
                                        call))
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
        return findings

    # -- strategies outside (or inside) a pipeline ----------------------------------------

    def contrib_mirrored(self, call: cst.Call) -> Finding:
        tf = self.tf2_alias()
        try:
            given = self.keyword_args(call, ("devices", "num_gpus"))
        except _Problem as p:
            return Finding(CODE_STRATEGY_LEFT, p.message, call)
        extra = sorted(k for k in given if k not in ("num_gpus", "devices"))
        if extra or tf is None or len(given) > 1:
            why = f"{', '.join(extra)} has no TF2 form" if extra else "it mixes devices and num_gpus"
            if tf is None:
                why = "no name is free for `import tensorflow`"
            return Finding(CODE_STRATEGY_LEFT, f"MirroredStrategy left as it is: {why}", call)
        alias, imports = tf
        if not self.feeds_only_run_configs(call):
            return Finding(CODE_STRATEGY_LEFT, PER_REPLICA_BATCH.format(kind="MirroredStrategy"), call)
        if "devices" in given:
            args = self.code(given["devices"].value)
        elif "num_gpus" in given:
            count = given["num_gpus"].value
            if isinstance(count, cst.Name) and count.value != "None":  # `NUM_GPUS = 2`, bound once
                bound = self.single_binding(count)
                literal = isinstance(bound, cst.Integer) or isinstance(bound, cst.Name) and bound.value == "None"
                count = bound if literal else count
            if isinstance(count, cst.Name) and count.value == "None":  # every GPU, as with no argument
                args = ""
            elif isinstance(count, cst.Integer) and int(count.value, 0) == 0:  # no GPU: the CPU alone
                args = '["/cpu:0"]'
            elif isinstance(count, cst.Integer):  # num_gpus=n meant the first n GPUs
                args = "[" + ", ".join(f'"/gpu:{i}"' for i in range(int(count.value, 0))) + "]"
            else:
                return Finding(CODE_STRATEGY_LEFT, f"MirroredStrategy left as it is: num_gpus={self.code(count)} is not "
                               "a literal, and TF1 read 0 as 'the CPU only' and None as 'every GPU', where TF2 takes "
                               "a device list (an empty one means every GPU); write the list by hand", call)
        else:
            args = ""
        text = f"{alias}.distribute.MirroredStrategy({args})"
        return Finding(CODE_CONTRIB_MIRRORED, f"{self.code(call)} → {text}", call,
                       edits=(Replace(call, cst.parse_expression(text)),), add_imports=imports,
                       remove_unused_imports=CONTRIB_IMPORTS)

    def feeds_only_run_configs(self, call: cst.Call) -> bool:
        """Is the strategy only handed to RunConfig(train_distribute/eval_distribute)? Contrib's
        strategies took each dataset batch as one replica's, where TF2's split it across the
        replicas; an Estimator's input_fn batches per replica either way (SEMANTICS fact 7),
        so only there is the rename exact."""
        if self.is_distribute_arg(call):
            return True
        if self.assigned_name(call) is not None:
            return all(self.is_distribute_arg(use) for use in self.references(call))
        helper = self.returned_by(call)  # `def get_strategy(): return MirroredStrategy(...)`
        if helper is None:
            return False
        calls = [self.parents.get(use) for use in self.references(helper)]
        return bool(calls) and all(isinstance(c, cst.Call) and self.is_distribute_arg(c) for c in calls)

    def returned_by(self, value: cst.CSTNode) -> Optional[cst.FunctionDef]:
        """The function that `return value` ends, if the value is the whole return value."""
        ret = self.parents.get(value)
        if not (isinstance(ret, cst.Return) and ret.value is value):
            return None
        cur = self.parents.get(ret)
        while cur is not None and not isinstance(cur, (cst.FunctionDef, cst.Lambda, cst.Module)):
            cur = self.parents.get(cur)
        return cur if isinstance(cur, cst.FunctionDef) else None

    def is_distribute_arg(self, node: cst.CSTNode) -> bool:
        arg = self.parents.get(node)
        run_config = self.parents.get(arg)
        return (isinstance(arg, cst.Arg) and arg.value is node and arg.keyword is not None
                and arg.keyword.value in ("train_distribute", "eval_distribute")
                and isinstance(run_config, cst.Call) and self.name_of(run_config.func) == RUN_CONFIG)

    def contrib_one_device(self, call: cst.Call) -> Finding:
        """The same class, with the same single `device` argument, under tf.distribute."""
        tf = self.tf2_alias()
        try:
            given = self.keyword_args(call, ("device",))
        except _Problem as p:
            return Finding(CODE_STRATEGY_LEFT, p.message, call)
        if set(given) != {"device"} or tf is None:
            why = "no name is free for `import tensorflow`" if tf is None else "it takes exactly one device"
            return Finding(CODE_STRATEGY_LEFT, f"OneDeviceStrategy left as it is: {why}", call)
        alias, imports = tf
        text = f"{alias}.distribute.OneDeviceStrategy({self.code(given['device'].value)})"
        return Finding(CODE_CONTRIB_ONE_DEVICE, f"{self.code(call)} → {text}", call,
                       edits=(Replace(call, cst.parse_expression(text)),), add_imports=imports,
                       remove_unused_imports=CONTRIB_IMPORTS)

    def collective(self, call: cst.Call) -> Finding:
        tf = self.tf2_alias()
        if not self.feeds_only_run_configs(call):
            return Finding(CODE_STRATEGY_LEFT, PER_REPLICA_BATCH.format(kind="CollectiveAllReduceStrategy"), call)
        if call.args or tf is None:
            return Finding(CODE_STRATEGY_LEFT, "CollectiveAllReduceStrategy(...) with arguments: "
                           "tf.distribute.MultiWorkerMirroredStrategy uses every local GPU and reads the cluster from "
                           "TF_CONFIG; restrict GPUs with tf.config.set_visible_devices instead", call)
        alias, imports = tf
        text = f"{alias}.distribute.MultiWorkerMirroredStrategy()"
        return Finding(CODE_COLLECTIVE, f"{self.code(call)} → {text} (cluster from TF_CONFIG as before)", call,
                       edits=(Replace(call, cst.parse_expression(text)),), add_imports=imports,
                       remove_unused_imports=CONTRIB_IMPORTS)

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

    # -- one pipeline ---------------------------------------------------------------------

    def pipeline_findings(self, call: cst.Call) -> list[Finding]:
        try:
            pipeline, model = self.pipeline(call)
        except _Problem as p:
            return [Finding(p.code, p.message, p.node)]
        return [self.pipeline_fix(pipeline, model)]

    def pipeline(self, call: cst.Call) -> tuple[_Pipeline, KerasModel]:
        est_name = self.assigned_name(call)
        if est_name is None:
            raise _Problem(CODE_DRIVER, "Estimator(...) is not assigned to a name on its own line: "
                           "tfmigrate cannot follow how it is used", call)
        stmt = self.statement_of(call)
        given = self.keyword_args(call, ("model_fn", "model_dir", "config", "params", "warm_start_from"))
        for key, arg in given.items():
            if key in ("model_dir", "params", "warm_start_from") or key not in ("model_fn", "config"):
                raise _Problem(CODE_RUN_CONFIG_ARG if key == "model_dir" else CODE_DRIVER,
                               f"Estimator({key}=...) has no automatic Keras form: "
                               + RUN_CONFIG_GUIDANCE.get(key, "migrate this pipeline by hand"), arg)
        if "config" not in given:
            raise _Problem(CODE_NO_STRATEGY, "Estimator without a RunConfig(train_distribute=...): tfmigrate "
                           "rewrites distributed pipelines only; tf.estimator is gone in TF 2.16", call)
        pipeline = _Pipeline(call, stmt, est_name, strategy_name="")
        strategy_expr, eval_strategy = self.run_config(given["config"].value, pipeline, stmt)
        self.strategy(strategy_expr, eval_strategy, pipeline, stmt)
        model = self.model_fn(given.get("model_fn"), call)
        self.driver(pipeline, stmt)
        if pipeline.evaluates and eval_strategy is None:
            raise _Problem(CODE_STRATEGY_LEFT, "RunConfig has no eval_distribute: the Estimator evaluated on one "
                           "device with the whole input_fn batch, but the Keras model lives in the strategy; set "
                           "eval_distribute=<the train strategy> or migrate evaluation by hand", call)
        return pipeline, model

    def run_config(self, node: cst.BaseExpression, pipeline: _Pipeline,
                   est_stmt: cst.SimpleStatementLine) -> tuple[cst.BaseExpression, Optional[cst.BaseExpression]]:
        call = node
        if isinstance(node, cst.Name):
            call = self.single_binding(node)
            if not isinstance(call, cst.Call) or self.name_of(call.func) != RUN_CONFIG:
                raise _Problem(CODE_RUN_CONFIG_DYNAMIC, f"`{node.value}` is not one `RunConfig(...)` assignment that "
                               "tfmigrate can follow", node)
            config_stmt = self.statement_of(call)
            if (self.references(call) != [node] or self.block_of(config_stmt) is not self.block_of(est_stmt)
                    or self.assigned_name(call) is None):
                raise _Problem(CODE_RUN_CONFIG_DYNAMIC, f"RunConfig `{node.value}` is used elsewhere, changed, or "
                               "built in another block: tfmigrate cannot follow it", call)
            pipeline.removed.append(config_stmt)
        elif not (isinstance(node, cst.Call) and self.name_of(node.func) == RUN_CONFIG):
            raise _Problem(CODE_RUN_CONFIG_DYNAMIC, f"config `{self.code(node)}` is not a RunConfig(...) tfmigrate "
                           "can follow", node)
        given = self.keyword_args(call, ("model_dir", "tf_random_seed"))
        if "train_distribute" not in given:
            raise _Problem(CODE_NO_STRATEGY, "RunConfig has no train_distribute: tfmigrate rewrites distributed "
                           "pipelines only; tf.estimator is gone in TF 2.16", call)
        for key, arg in given.items():
            if key in ("train_distribute", "eval_distribute"):
                continue
            if key == "tf_random_seed":
                pipeline.seed = self.plain(arg.value)
            elif key in RUN_CONFIG_DROPPABLE:
                pipeline.dropped.append(arg)
            else:
                raise _Problem(CODE_RUN_CONFIG_ARG, f"RunConfig({key}=...) has no automatic Keras form: "
                               + RUN_CONFIG_GUIDANCE.get(key, "migrate it by hand"), arg)
        evaluation = given.get("eval_distribute")
        return given["train_distribute"].value, evaluation.value if evaluation else None

    def plain(self, node: cst.BaseExpression) -> str:
        if any(isinstance(n, (cst.Call, cst.Lambda)) for n in _walk(node)):
            raise _Problem(CODE_RUN_CONFIG_ARG, f"`{self.code(node)}` is computed: tfmigrate moves only plain values",
                           node)
        return self.code(node)

    def strategy(self, node: cst.BaseExpression, eval_node: Optional[cst.BaseExpression], pipeline: _Pipeline,
                 est_stmt: cst.SimpleStatementLine) -> None:
        if eval_node is not None and not (isinstance(node, cst.Name) and isinstance(eval_node, cst.Name)
                                          and node.value == eval_node.value):
            raise _Problem(CODE_STRATEGY_LEFT, "eval_distribute is not the train_distribute strategy: one Keras "
                           "model lives in one strategy; migrate evaluation by hand", eval_node)
        if isinstance(node, cst.Name):
            call = self.single_binding(node)
            stmt = self.statement_of(call) if call is not None else None
            if (not isinstance(call, cst.Call) or stmt is None or self.block_of(stmt) is not self.block_of(est_stmt)
                    or self.assigned_name(call) != node.value):
                raise _Problem(CODE_STRATEGY_LEFT, f"strategy `{node.value}` is not created by one assignment in "
                               "the same block as the Estimator", node)
            pipeline.strategy_name, pipeline.strategy_stmt = node.value, stmt
        elif isinstance(node, cst.Call):
            call = node
            name = "strategy"
            if name in self.all_names:
                raise _Problem(CODE_STRATEGY_LEFT, "the strategy is created inline and the name `strategy` is taken",
                               node)
            pipeline.strategy_name = name
        else:
            raise _Problem(CODE_STRATEGY_LEFT, f"strategy `{self.code(node)}` cannot be followed", node)
        kind = self.name_of(call.func)
        if kind in PARAMETER_SERVER:
            self.handled_strategies.add(call)
            raise _Problem(CODE_PARAMETER_SERVER, "parameter-server Estimator training: use "
                           "tf.distribute.ParameterServerStrategy + tf.distribute.coordinator.ClusterCoordinator "
                           "with Model.fit; there is no automatic rewrite", call)
        if kind not in MIRRORED | MULTI_WORKER | COLLECTIVE | {CONTRIB_MIRRORED}:
            raise _Problem(CODE_STRATEGY_LEFT, f"strategy `{self.code(call)}` is not a Mirrored or MultiWorker"
                           "Mirrored strategy", call)
        pipeline.strategy_call = call

    def model_fn(self, arg: Optional[cst.Arg], call: cst.Call) -> KerasModel:
        node = arg.value if arg else None
        fn = self.single_binding(node) if isinstance(node, cst.Name) else None
        if not isinstance(fn, cst.FunctionDef) or self.references(fn) != [node]:
            raise _Problem(CODE_MODEL_FN, "model_fn is not a function defined once in this file and used only "
                           "here", node or call)
        try:
            return translate_model_fn(fn, self.name_of, self.code)
        except NotTranslatable as e:
            code = {"optimizer": CODE_OPTIMIZER, "hooks": CODE_HOOKS}.get(e.code, CODE_MODEL_FN)
            raise _Problem(code, f"{e}; the Estimator pipeline was left as it is", e.node)

    # -- train / evaluate -----------------------------------------------------------------

    def driver(self, pipeline: _Pipeline, est_stmt: cst.SimpleStatementLine) -> None:
        uses = self.references(pipeline.estimator_call)
        if not uses:
            raise _Problem(CODE_DRIVER, "the Estimator is never trained here", pipeline.estimator_call)
        for use in sorted(uses, key=self.start):
            parent = self.parents.get(use)
            if isinstance(parent, cst.Attribute) and parent.value is use:
                call = self.parents.get(parent)
                method = parent.attr.value
                if not (isinstance(call, cst.Call) and call.func is parent and method in ("train", "evaluate")):
                    raise _Problem(CODE_DRIVER, f"`{pipeline.estimator_name}.{method}` has no automatic Keras form "
                                   "(predict returns a generator of dicts in TF1 and arrays in Keras; export and "
                                   "checkpoint helpers differ): migrate this pipeline by hand", parent)
                self.method_call(call, method, pipeline, est_stmt)
            elif isinstance(parent, cst.Arg):
                call = self.parents.get(parent)
                if not (isinstance(call, cst.Call) and self.name_of(call.func) == TRAIN_AND_EVALUATE
                        and call.args[0] is parent):
                    raise _Problem(CODE_DRIVER, "the Estimator is passed to code tfmigrate cannot follow", use)
                self.train_and_evaluate(call, pipeline, est_stmt)
            else:
                raise _Problem(CODE_DRIVER, "the Estimator is used in a way tfmigrate cannot follow", use)

    def driver_statement(self, call: cst.Call, est_stmt: cst.SimpleStatementLine,
                         allow_assign: bool) -> tuple[cst.SimpleStatementLine, Optional[str]]:
        stmt = self.statement_of(call)
        small = stmt.body[0] if stmt is not None and len(stmt.body) == 1 else None
        target = self.assigned_name(call) if allow_assign else None
        if (small is None or self.block_of(stmt) is not self.block_of(est_stmt)
                or not (isinstance(small, cst.Expr) and small.value is call or target is not None)):
            raise _Problem(CODE_DRIVER, f"`{self.code(call)}` is not a statement of its own next to the "
                           "Estimator: tfmigrate cannot place the Keras calls", call)
        return stmt, target

    def method_call(self, call: cst.Call, method: str, pipeline: _Pipeline,
                    est_stmt: cst.SimpleStatementLine) -> None:
        stmt, target = self.driver_statement(call, est_stmt, allow_assign=method == "evaluate")
        if method == "train":
            given = self.keyword_args(call, ("input_fn", "hooks", "steps", "max_steps", "saving_listeners"))
            if any(c.lines and c.lines[0].startswith("{model}.fit") for c in pipeline.calls) and "max_steps" in given:
                raise _Problem(CODE_DRIVER, "train(max_steps=...) after an earlier train call counts from the "
                               "earlier steps: migrate by hand", given["max_steps"])
            line = self.fit_line(given, ("steps", "max_steps"), call)
        else:
            given = self.keyword_args(call, ("input_fn", "steps", "hooks", "checkpoint_path", "name"))
            line = self.evaluate_line(given, None, call)
            pipeline.evaluates = True
            if target is not None:
                self.no_global_step_read(call)
                line = f"{target} = {line}"
        pipeline.calls.append(_Call(stmt, [line]))

    def no_global_step_read(self, call: cst.Call) -> None:
        """Estimator.evaluate's dict held "global_step"; Keras' has the loss and metrics only."""
        for use in self.references(call):
            parent = self.parents.get(use)
            key = None
            if isinstance(parent, cst.Subscript) and len(parent.slice) == 1 and \
                    isinstance(parent.slice[0].slice, cst.Index):
                key = parent.slice[0].slice.value
            elif isinstance(parent, cst.Attribute) and parent.attr.value == "get":
                getter = self.parents.get(parent)
                key = getter.args[0].value if isinstance(getter, cst.Call) and getter.args else None
            if isinstance(key, cst.SimpleString) and key.evaluated_value == "global_step":
                raise _Problem(CODE_DRIVER, "the evaluation result's \"global_step\" is read here, and Keras' "
                               "evaluate returns only the loss and the metrics: migrate by hand (model.optimizer."
                               "iterations holds the step count)", parent)

    def train_and_evaluate(self, call: cst.Call, pipeline: _Pipeline, est_stmt: cst.SimpleStatementLine) -> None:
        stmt, _ = self.driver_statement(call, est_stmt, allow_assign=False)
        given = self.keyword_args(call, ("estimator", "train_spec", "eval_spec"))
        train = self.spec(given.get("train_spec"), TRAIN_SPEC, ("input_fn", "max_steps", "hooks"), pipeline, call)
        evaluation = self.spec(given.get("eval_spec"), EVAL_SPEC, ("input_fn", "steps", "name", "hooks", "exporters",
                                                                   "start_delay_secs", "throttle_secs"), pipeline, call)
        fit = self.fit_line(train, ("max_steps",), call)
        evaluate = self.evaluate_line(evaluation, EVAL_SPEC_DEFAULT_STEPS, call)
        pipeline.evaluates = True
        pipeline.calls.append(_Call(stmt, [fit, evaluate]))

    def spec(self, arg: Optional[cst.Arg], kind: str, positional: Sequence[str], pipeline: _Pipeline,
             call: cst.Call) -> dict[str, cst.Arg]:
        node = arg.value if arg else None
        spec = node
        if isinstance(node, cst.Name):
            spec = self.single_binding(node)
            if spec is None or self.references(spec) != [node] or self.assigned_name(spec) is None:
                raise _Problem(CODE_DRIVER, f"`{node.value}` is not one {kind.rsplit('.', 1)[1]} used only here",
                               node)
            spec_stmt = self.statement_of(spec)
            if self.block_of(spec_stmt) is not self.block_of(self.statement_of(call)):
                raise _Problem(CODE_DRIVER, f"`{node.value}` is built in another block", node)
            pipeline.removed.append(spec_stmt)
        if not (isinstance(spec, cst.Call) and self.name_of(spec.func) == kind):
            raise _Problem(CODE_DRIVER, f"train_and_evaluate needs a {kind.rsplit('.', 1)[1]}(...) tfmigrate can "
                           "follow", node or call)
        return self.keyword_args(spec, positional)

    def fit_line(self, given: dict[str, cst.Arg], step_keys: Sequence[str], call: cst.Call) -> str:
        self.no_hooks(given)
        steps = [given.pop(k) for k in step_keys if k in given]
        if len(steps) > 1:
            raise _Problem(CODE_DRIVER, "both steps and max_steps are given", call)
        dataset = self.dataset(given.pop("input_fn", None), call)
        self.only_known(given, call)
        text = f"{{model}}.fit({dataset}"
        if steps and not _is_none(steps[0].value):
            # A fresh Estimator starts at step 0, so max_steps is the number of steps.
            text += f", steps_per_epoch={self.plain_steps(steps[0].value)}"
        return text + ")"

    def evaluate_line(self, given: dict[str, cst.Arg], default_steps: Optional[str], call: cst.Call) -> str:
        self.no_hooks(given)
        given.pop("name", None)  # only named the TF1 eval directory
        for key in ("exporters", "start_delay_secs", "throttle_secs", "checkpoint_path"):
            if key in given:
                raise _Problem(CODE_DRIVER, f"{key}= has no automatic Keras form (periodic evaluation, export and "
                               "checkpoint choice are Keras callbacks or explicit calls): migrate by hand",
                               given[key])
        steps_arg = given.pop("steps", None)
        dataset = self.dataset(given.pop("input_fn", None), call)
        self.only_known(given, call)
        steps = default_steps if steps_arg is None else (None if _is_none(steps_arg.value)
                                                         else self.plain_steps(steps_arg.value))
        text = f"{{model}}.evaluate({dataset}"
        if steps is not None:
            text += f", steps={steps}"
        return text + ", return_dict=True)"

    def no_hooks(self, given: dict[str, cst.Arg]) -> None:
        for key in ("hooks", "saving_listeners"):
            if key in given and not _is_none(given[key].value):
                raise _Problem(CODE_HOOKS, f"{key}=...: session hooks have no automatic Keras form; rewrite them as "
                               "Keras callbacks by hand", given[key])
            given.pop(key, None)

    def only_known(self, given: dict[str, cst.Arg], call: cst.Call) -> None:
        if given:
            key = sorted(given)[0]
            raise _Problem(CODE_DRIVER, f"{key}= has no automatic Keras form", given[key])

    def plain_steps(self, node: cst.BaseExpression) -> str:
        if any(isinstance(n, (cst.Call, cst.Lambda)) for n in _walk(node)):
            raise _Problem(CODE_DRIVER, f"steps `{self.code(node)}` is computed at the call: tfmigrate moves only "
                           "plain values", node)
        return self.code(node)

    def dataset(self, arg: Optional[cst.Arg], call: cst.Call) -> str:
        """`strategy.distribute_datasets_from_function(...)` over the input_fn, text with {strategy}."""
        node = arg.value if arg else None
        if isinstance(node, cst.Name):
            fn = self.single_binding(node)
            if isinstance(fn, cst.FunctionDef) and _takes_nothing(fn) and not fn.decorators:
                self.returns_dataset(fn)
                return f"{{strategy}}.distribute_datasets_from_function(lambda _: {node.value}())"
        if isinstance(node, cst.Lambda) and _takes_nothing(node) and isinstance(node.body, cst.Call) \
                and isinstance(node.body.func, cst.Name):
            # `lambda: make_input(x, y, 32)`: Estimator passed it nothing, and called it when training.
            fn = self.single_binding(node.body.func)
            if isinstance(fn, cst.FunctionDef) and not fn.decorators and not any(
                    isinstance(n, cst.Lambda) for n in _walk(node.body)):
                self.returns_dataset(fn)
                call_text = self.code(node.body).strip().replace("{", "{{").replace("}", "}}")
                return f"{{strategy}}.distribute_datasets_from_function(lambda _: {call_text})"
        raise _Problem(CODE_INPUT_FN, "input_fn is neither a function without parameters nor `lambda: f(...)` "
                       "calling a function defined once in this file (Estimator passed params/mode/config/"
                       "input_context by name): migrate by hand", node or call)

    def returns_dataset(self, fn: cst.FunctionDef) -> None:
        returns = [n for n in _walk(fn.body) if isinstance(n, cst.Return)]
        problem = _Problem(CODE_INPUT_FN, f"input_fn `{fn.name.value}` does not visibly return a tf.data.Dataset "
                           "(features and labels as tensors, or an iterator): build a Dataset, then rerun", fn)
        if len(returns) != 1 or returns[0].value is None:
            raise problem
        chain = returns[0].value
        local: dict[str, cst.BaseExpression] = {}
        for stmt in fn.body.body if isinstance(fn.body, cst.IndentedBlock) else ():
            for small in getattr(stmt, "body", ()):
                if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                        and isinstance(small.targets[0].target, cst.Name):
                    local[small.targets[0].target.value] = small.value
        for _ in range(20):
            if isinstance(chain, cst.Name) and chain.value in local:
                chain = local.pop(chain.value)
            elif isinstance(chain, cst.Call) and isinstance(chain.func, cst.Attribute) \
                    and chain.func.attr.value in DATASET_METHODS and self.name_of(chain.func) is None:
                chain = chain.func.value
            elif isinstance(chain, cst.Call) and (self.name_of(chain.func) or "").startswith(DATASET_ROOTS):
                return
            else:
                raise problem
        raise problem

    # -- the rewrite ----------------------------------------------------------------------

    def pipeline_fix(self, pipeline: _Pipeline, model: KerasModel) -> Finding:
        tf = self.tf2_alias()
        names = self.free_names(("make_model", "make_keras_model"), ("model", "keras_model"))
        fn_node = self.single_binding(self.keyword_args(pipeline.estimator_call, ("model_fn",))["model_fn"].value)
        if tf is None or names is None:
            return Finding(CODE_DRIVER, "no free names for the generated Keras code (tf, make_model, model)",
                           pipeline.estimator_call)
        alias, imports = tf
        make, model_name = names
        indent = self.module.default_indent
        edits: list[Edit] = [Replace(fn_node, self.model_function(fn_node, model, alias, make, indent))]
        strategy_edits, strategy_line = self.strategy_rewrite(pipeline, alias)
        edits += strategy_edits
        edits += [Replace(stmt, cst.RemovalSentinel.REMOVE) for stmt in pipeline.removed]
        edits.append(Replace(pipeline.estimator_stmt,
                             self.scope_block(pipeline, make, model_name, alias, indent, strategy_line)))
        for c in pipeline.calls:
            lines = [line.format(model=model_name, strategy=pipeline.strategy_name) for line in c.lines]
            new = [cst.parse_statement(line + "\n") for line in lines]
            new[0] = new[0].with_changes(leading_lines=c.stmt.leading_lines)
            edits.append(Replace(c.stmt, cst.FlattenSentinel(new)))
        notes = tuple(Finding(CODE_DROPPED, f"RunConfig({a.keyword.value}=...) dropped: without model_dir it only "  # type: ignore[union-attr]
                              "affected logging or files in a temporary directory", a) for a in pipeline.dropped)
        return Finding(CODE_PIPELINE, f"Estimator pipeline → Keras model `{model_name}` built under "
                       f"{pipeline.strategy_name}.scope(), trained with fit on per-replica batches", pipeline.estimator_call,
                       edits=tuple(edits), add_imports=imports, notes=notes, remove_unused_imports=TF1_IMPORTS)

    def free_names(self, *candidates: Sequence[str]) -> Optional[list[str]]:
        chosen = []
        for options in candidates:
            free = [c for c in options if c not in self.all_names]
            if not free:
                return None
            chosen.append(free[0])
        return chosen

    def model_function(self, fn: cst.FunctionDef, model: KerasModel, tf: str, make: str, indent: str) -> cst.FunctionDef:
        k = f"{tf}.keras"
        layers = "".join(f"{indent * 2}{k}.layers.{layer},\n" for layer in model.layers)
        compile_args = [f"optimizer={k}.{model.optimizer}", f"loss={k}.{model.loss}"]
        if model.metrics:
            compile_args.append("metrics=[" + ", ".join(f"{k}.{m}" for m in model.metrics) + "]")
        args = "".join(f"{indent * 2}{a},\n" for a in compile_args)
        text = (f"def {make}():\n"
                f"{indent}model = {k}.Sequential([\n{layers}{indent}])\n"
                f"{indent}model.compile(\n{args}{indent})\n"
                f"{indent}return model\n")
        new = cst.parse_statement(text)
        assert isinstance(new, cst.FunctionDef)
        return new.with_changes(leading_lines=fn.leading_lines)

    def strategy_rewrite(self, pipeline: _Pipeline, tf: str) -> tuple[list[Edit], Optional[str]]:
        """Edits for a strategy made by its own statement, or the statement that creates
        an inline one (its RunConfig is removed) before the scope."""
        call = pipeline.strategy_call
        assert call is not None
        kind = self.name_of(call.func) or ""
        new_call = call
        if kind in MIRRORED | MULTI_WORKER and is_compat_v1(self.qnames, call.func):
            # The compat.v1 class is the V1 strategy; Keras needs tf.distribute's.
            new_call = call.with_changes(func=cst.parse_expression(f"{tf}.distribute.{kind.rsplit('.', 1)[1]}"))
        if pipeline.strategy_stmt is None:
            return [], f"{pipeline.strategy_name} = {self.code(new_call)}\n"
        if kind == CONTRIB_MIRRORED or kind in COLLECTIVE:
            return [], None  # the strategy finding rewrites it (TFM201 / TFM202)
        self.handled_strategies.add(call)
        return ([Replace(call, new_call)] if new_call is not call else []), None

    def scope_block(self, pipeline: _Pipeline, make: str, model_name: str, tf: str, indent: str,
                    strategy_line: Optional[str]) -> cst.FlattenSentinel:
        out: list[cst.BaseStatement] = []
        if strategy_line is not None:
            out.append(cst.parse_statement(strategy_line))
        if pipeline.seed is not None:
            out.append(cst.parse_statement(f"{tf}.keras.utils.set_random_seed({pipeline.seed})\n"))
        scope = cst.parse_statement(f"with {pipeline.strategy_name}.scope():\n{indent}{model_name} = {make}()\n")
        comment = cst.Comment("# Estimator fed every replica a whole input_fn batch; "
                              "distribute_datasets_from_function does too.")
        out.append(scope.with_changes(leading_lines=[cst.EmptyLine(comment=comment)]))
        out[0] = out[0].with_changes(leading_lines=[*pipeline.estimator_stmt.leading_lines, *out[0].leading_lines])
        return cst.FlattenSentinel(out)


def _takes_nothing(fn: Union[cst.FunctionDef, cst.Lambda]) -> bool:
    p = fn.params
    return not (p.params or p.posonly_params or p.kwonly_params or p.star_kwarg
                or isinstance(p.star_arg, (cst.Param, cst.ParamStar)))


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def _walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """`node` and everything under it, in source order."""
    return preorder(node)


RULE = EstimatorRule()
COMMANDS = {"EstimatorCommand": "Rewrite distributed Estimator pipelines as Keras code under strategy.scope()."}
# LibCST's runner (`python -m libcst.tool codemod estimator.EstimatorCommand`) looks the command up by
# name; building it imports libcst.codemod, which the engine does not need, so only then.
__getattr__, __dir__ = command_attributes(RULE, COMMANDS, globals())
