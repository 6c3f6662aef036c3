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

import re

from tfmigrate.codemods._estimator_keras import NotTranslatable
from tfmigrate.codemods._canned import _PARAMS as CANNED_PARAMS
from tfmigrate.codemods._canned import translate_canned
from tfmigrate.codemods._model_fn import KerasModelCode, translate
from tfmigrate.codemods.config_proto import translate_session_config
from tfmigrate.codemod_command import command_attributes
from tfmigrate.metadata import node_index, preorder
from tfmigrate.names import is_compat_v1, resolve
from tfmigrate.rule import Edit, Finding, ImportSpec, InsertBefore, Replace, Rule

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
CODE_DROPPED = "TFM220"

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
    CODE_MODEL_TO_ESTIMATOR: "tf.keras.estimator.model_to_estimator: train the Keras model directly",
    CODE_RUN_CONFIG_DYNAMIC: "RunConfig built in a way tfmigrate cannot follow (**kwargs, replace(), passed around)",
    CODE_RUN_CONFIG_ARG: "RunConfig argument with no automatic Keras form (model_dir, session_config, …)",
    CODE_INPUT_FN: "input_fn that is not a function in this file returning a tf.data.Dataset",
    CODE_DRIVER: "Estimator used in a way tfmigrate cannot follow (predict, export, spec options, other uses)",
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
    # also Datasets (Dataset.apply checks that its function returns one)
    "apply", "interleave", "flat_map", "shard", "enumerate", "rebatch", "bucket_by_sequence_length",
    "ragged_batch", "unique", "scan", "group_by_window",
}
FACTORY_RETURN = ("# Keras has no model_dir: the caller restores from and saves to this checkpoint manager, "
                  "as the Estimator did.")
# Imports the rewrite may leave unused (the engine drops only unused ones).
TF1_IMPORTS = (
    ("tensorflow", "compat.v1"), ("tensorflow.compat", "v1"),
    *((module, name) for module in ("tensorflow", "tensorflow.compat.v1")
      for name in ("estimator", "layers", "losses", "metrics", "train")),
)
EVAL_SPEC_DEFAULT_STEPS = "100"  # EvalSpec(steps=100) is the TF1 default
MODE_KEY_STRINGS = {"tf.estimator.ModeKeys.TRAIN": "train", "tf.estimator.ModeKeys.EVAL": "eval",
                    "tf.estimator.ModeKeys.PREDICT": "infer"}
# Hooks whose whole effect was log lines.
LOGGING_HOOKS = {"tf.estimator.LoggingTensorHook", "tf.train.LoggingTensorHook", "tf.estimator.StepCounterHook",
                 "tf.train.StepCounterHook", "tf.estimator.SummarySaverHook", "tf.train.SummarySaverHook"}
# What must not survive a migration unreported (TF 2.16 removed it).
LEFTOVER_PREFIXES = ("tf.estimator.", "tf.contrib.learn.", "tf.contrib.tpu.TPUEstimator", "tf.contrib.estimator.")
LEFTOVER_FINE = {"tf.estimator"}
PIPELINE_CODES = {"TFM200", "TFM203", "TFM204", "TFM210", "TFM211", "TFM212", "TFM213", "TFM214", "TFM215", "TFM216",
                  "TFM217", "TFM218"}
# tf.data functions whose value is no Dataset (an iterator, an element, a property).
NOT_DATASETS = {"make_one_shot_iterator", "make_initializable_iterator", "get_single_element", "get_output_shapes",
                "get_output_types", "get_output_classes", "get_next"}
ONE_SHOT_ITERATORS = {"tf.data.make_one_shot_iterator"}
ITERATOR_INPUT = ("input_fn returns an iterator's next element that tfmigrate cannot trace to a one-shot iterator "
                  "over a Dataset: on TF2 it is one eager batch, and Keras needs the Dataset itself; return the "
                  "Dataset, then rerun")
INPUT_FN_FACTORIES = {"tf.estimator.inputs.numpy_input_fn", "tf.estimator.inputs.pandas_input_fn"}
STOP_AT_STEP = {"tf.estimator.StopAtStepHook", "tf.train.StopAtStepHook"}
GRAPH_MODE_SWITCHES = {"tf.disable_v2_behavior", "tf.disable_eager_execution"}
GRAPH_MODE_USERS = {"tf.Session", "tf.InteractiveSession", "tf.placeholder", "tf.train.MonitoredTrainingSession",
                    "tf.train.MonitoredSession", "tf.get_default_graph", "tf.Graph"}



# Under a strategy, Keras 3 counts one optimizer iteration more when a finite dataset runs
# out: the failing last step increments `iterations` without changing a weight (checked on
# TF 2.21 with 2 replicas: 8 per-replica batches gave 4 steps and iterations 5). The
# Estimator's global_step counted real steps only, and max_steps, evaluate()'s global_step
# and checkpoint numbers read it, so the model class puts the count of real steps back.
_REAL_STEP_COUNT = """
def fit(self, *args, **kwargs):
    # Under a strategy, Keras counts one optimizer iteration more when a finite dataset runs
    # out (no weight changes); Estimator's global_step counted the steps really taken.
    last = {{}}
    record = {tf}.keras.callbacks.LambdaCallback(
        on_train_batch_end=lambda batch, logs: last.update(step=self.optimizer.iterations.numpy()))
    history = super().fit(*args, callbacks=[*(kwargs.pop("callbacks", None) or []), record], **kwargs)
    if "step" in last:
        self.optimizer.iterations.assign(last["step"])
    return history
"""


def _with_real_step_count(model_class: cst.ClassDef, tf: str, indent: str) -> cst.ClassDef:
    method = cst.parse_module(_REAL_STEP_COUNT.format(tf=tf).replace("    ", indent)).body[0]
    method = method.with_changes(leading_lines=[cst.EmptyLine(indent=False)])
    body = model_class.body
    return model_class.with_changes(body=body.with_changes(body=[*body.body, method]))


class EstimatorRule(Rule):
    name = "estimator"
    codes = CODES
    # A pipeline names an Estimator; a strategy site names its class.
    triggers = ("estimator", "Estimator", "MirroredStrategy", "CollectiveAllReduceStrategy", "OneDeviceStrategy",
                "ParameterServerStrategy")

    def find(self, wrapper: MetadataWrapper) -> Iterable[Finding]:
        return _Analysis(wrapper).run()


class _Problems(Exception):
    def __init__(self, findings: list[Finding]) -> None:
        super().__init__(findings[0].message)
        self.findings = findings


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
    tf: str = "tf"  # the module name the generated code uses for tensorflow
    imports: tuple[ImportSpec, ...] = ()
    seed: Optional[str] = None
    dropped: list[cst.Arg] = field(default_factory=list)
    dropped_hooks: list[cst.CSTNode] = field(default_factory=list)
    params: Optional[str] = None  # source of Estimator(params=...)
    params_node: Optional[cst.BaseExpression] = None
    model_dir: Optional[str] = None
    keep: Optional[str] = None  # keep_checkpoint_max
    stop_at: dict = field(default_factory=dict)  # a StopAtStepHook's limit, as train's steps or max_steps
    keep_arg: Optional[cst.Arg] = None
    save_every: Optional[str] = None  # save_checkpoints_steps, kept with a model_dir
    save_every_arg: Optional[cst.Arg] = None
    checkpoint: str = "checkpoint"
    checkpoints: str = "checkpoints"
    first_fit: bool = False
    eval_distributed: bool = False
    model_fn_node: Optional[cst.FunctionDef] = None
    config_fixes: list[Finding] = field(default_factory=list)  # session_config's tf.config calls (TFM1xx)
    # calls replaced by an expression where they stand (evaluate, predict, get_variable_value)
    expressions: list[tuple[cst.Call, str]] = field(default_factory=list)
    # input_fn statements rewritten where they are (a one-shot iterator's element → its Dataset)
    input_edits: dict[int, Edit] = field(default_factory=dict)
    site: Optional["_Site"] = None  # the Estimator is returned by a factory function
    driver_name: str = ""  # the name the drivers call, when it is not estimator_name (a factory's caller)
    strategy_ref: str = ""  # how the drivers reach the strategy, when its name is not in their scope
    checkpoint_ref: str = ""  # how the drivers reach the tf.train.Checkpoint, likewise
    model_dir_node: Optional[cst.BaseExpression] = None
    temporary_model_dir: bool = False  # model_dir may be None or "": the Estimator made a temporary one

    @property
    def driver(self) -> str:
        return self.driver_name or self.estimator_name


@dataclass
class _Site:
    """An Estimator returned by a factory function (`def build_estimator(...): return
    Estimator(...)`) whose one call is bound to the name the drivers use."""

    factory: cst.FunctionDef
    call: cst.Call  # `build_estimator(...)`, the whole value of `driver = build_estimator(...)`
    driver: str
    alternatives: tuple[cst.Call, ...]  # every Estimator the factory returns
    local: str = ""  # the model's name in the factory
    inline: bool = True  # `return Estimator(...)`; else `est = Estimator(...)` ... `return est`
    return_stmt: Optional[cst.SimpleStatementLine] = None  # that `return est`


class _Analysis:
    def __init__(self, wrapper: MetadataWrapper) -> None:
        self.wrapper = wrapper
        self.module = wrapper.module
        self.qnames = wrapper.resolve(QualifiedNameProvider)
        self.index = node_index(wrapper.module)
        self.parents = self.index.parents
        self.positions = wrapper.resolve(PositionProvider)
        self.scopes = wrapper.resolve(ScopeProvider)
        self.all_names = {n.value for n in self.index.of(cst.Name)}
        self.handled_strategies: set[cst.Call] = set()
        self.mode_keys_done: set[int] = set()
        self.inherited: dict[int, list[cst.EmptyLine]] = {}
        self.factory_calls: set[cst.Call] = set()

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
        return findings + self.leftovers(findings)

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
            if pipelines and not self.orphan_function(holder):
                continue  # the file's pipelines are reported or rewritten; their parts need no second word
            explained.add(id(holder))
            where = f"`{holder.name.value}`" if isinstance(holder, cst.FunctionDef) else "this statement"
            why = ("TPUEstimator has no automatic rewrite: train a Keras model under tf.distribute.TPUStrategy"
                   if "TPUEstimator" in name else
                   "the Estimator that uses it is built elsewhere (run tfmigrate on the whole project) or in a form "
                   "it cannot follow; migrate by hand")
            out.append(Finding(CODE_DRIVER, f"{where} uses `{name}`, TF1 Estimator API that TF 2.16 removed, and "
                               f"tfmigrate rewrote nothing here: {why}", node))
        return sorted(out, key=lambda f: self.start(f.node))

    def orphan_function(self, holder: cst.CSTNode) -> bool:
        """A top-level function nothing in this file refers to (a model_fn for another module)."""
        if not isinstance(holder, cst.FunctionDef):
            return False
        scope = self.scopes.get(holder)
        return scope is not None and not any(a.references for a in scope.assignments[holder.name.value])

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

    # -- an Estimator returned by a factory function -------------------------------------

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
            raise _Problem(CODE_DRIVER, f"the Estimator is returned by `{name}`, which is not called in this file: "
                           "the code that drives it is elsewhere; run tfmigrate on the whole project or migrate "
                           "by hand", first)
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

    # -- one pipeline ---------------------------------------------------------------------

    def pipeline_findings(self, call: cst.Call, canned: Optional[str] = None) -> list[Finding]:
        try:
            return [self.pipeline(call, canned)]
        except _Problem as p:
            return [Finding(p.code, p.message, p.node)]

    def pipeline(self, call: cst.Call, canned: Optional[str] = None, site: Optional[_Site] = None) -> Finding:
        est_name = site.local if site is not None else self.assigned_name(call)
        if est_name is None:
            raise _Problem(CODE_DRIVER, "Estimator(...) is not assigned to a name on its own line: "
                           "tfmigrate cannot follow how it is used", call)
        stmt = self.statement_of(call)
        if canned is not None:
            given = self.canned_args(call, canned)
        else:
            given = self.keyword_args(call, ("model_fn", "model_dir", "config", "params", "warm_start_from"))
        for key, arg in given.items():
            if key not in ("model_fn", "config", "model_dir", "params"):
                raise _Problem(CODE_DRIVER, f"Estimator({key}=...) has no automatic Keras form: "
                               + RUN_CONFIG_GUIDANCE.get(key, "migrate this pipeline by hand"), arg)
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
        if site is not None:
            self.factory_state(pipeline)
        elif pipeline.model_dir is not None:
            self.model_dir_or_temporary(pipeline)
        if canned is not None:
            model = self.canned_model(call, canned, pipeline)
            self.driver(pipeline, stmt, model)
            self.graph_mode_switches(pipeline)
            return self.pipeline_fix(pipeline, model)
        if pipeline.model_dir is None:  # checkpoints of a temporary directory: nobody reads them
            pipeline.dropped += [a for a in (pipeline.keep_arg, pipeline.save_every_arg) if a is not None]
            pipeline.save_every = None
        model = self.model_fn(given.get("model_fn"), call, pipeline)
        self.driver(pipeline, stmt, model)
        self.graph_mode_switches(pipeline)
        return self.pipeline_fix(pipeline, model)

    def run_config(self, node: cst.BaseExpression, pipeline: _Pipeline, est_stmt: cst.SimpleStatementLine
                   ) -> tuple[Optional[cst.BaseExpression], Optional[cst.BaseExpression]]:
        call = node
        if isinstance(node, cst.Name):
            call = self.single_binding(node)
            if not isinstance(call, cst.Call) or self.name_of(call.func) != RUN_CONFIG:
                raise _Problem(CODE_RUN_CONFIG_DYNAMIC, f"`{node.value}` is not one `RunConfig(...)` assignment that "
                               "tfmigrate can follow", node)
            config_stmt = self.statement_of(call)
            if not self.config_uses_ok(call, node, pipeline) or self.assigned_name(call) is None:
                raise _Problem(CODE_RUN_CONFIG_DYNAMIC, f"RunConfig `{node.value}` is used elsewhere or changed: "
                               "tfmigrate cannot follow it", call)
            pipeline.removed.append(config_stmt)
        elif not (isinstance(node, cst.Call) and self.name_of(node.func) == RUN_CONFIG):
            raise _Problem(CODE_RUN_CONFIG_DYNAMIC, f"config `{self.code(node)}` is not a RunConfig(...) tfmigrate "
                           "can follow", node)
        given = self.keyword_args(call, ("model_dir", "tf_random_seed"))
        for key, arg in given.items():
            if key in ("train_distribute", "eval_distribute") or _is_none(arg.value):
                continue
            if key == "tf_random_seed":
                pipeline.seed = self.plain(arg.value)
            elif key == "model_dir":
                if pipeline.model_dir is None:
                    pipeline.model_dir, pipeline.model_dir_node = self.plain(arg.value), arg.value
            elif key == "session_config":
                self.session_config(call, pipeline, arg)
            elif key == "keep_checkpoint_max":
                pipeline.keep = self.plain(arg.value)
                pipeline.keep_arg = arg
            elif key == "save_checkpoints_steps":
                pipeline.save_every = self.plain(arg.value)
                pipeline.save_every_arg = arg
            elif key in RUN_CONFIG_DROPPABLE:
                pipeline.dropped.append(arg)
            else:
                raise _Problem(CODE_RUN_CONFIG_ARG, f"RunConfig({key}=...) has no automatic Keras form: "
                               + RUN_CONFIG_GUIDANCE.get(key, "migrate it by hand"), arg)
        train = given.get("train_distribute")
        evaluation = given.get("eval_distribute")
        if train is None or _is_none(train.value):
            if evaluation is not None and not _is_none(evaluation.value):
                raise _Problem(CODE_STRATEGY_LEFT, "eval_distribute without train_distribute: one Keras model "
                               "lives in one strategy; migrate evaluation by hand", evaluation)
            return None, None
        return train.value, evaluation.value if evaluation is not None and not _is_none(evaluation.value) else None

    def config_uses_ok(self, call: cst.Call, node: cst.Name, pipeline: _Pipeline) -> bool:
        """Is the RunConfig only this Estimator's config (or, in a factory, only the config
        of the Estimators it returns)?"""
        uses = self.references(call)
        if uses == [node]:
            return True
        if pipeline.site is None or node not in uses:
            return False
        for use in uses:
            arg = self.parents.get(use)
            if not (isinstance(arg, cst.Arg) and arg.value is use
                    and self.parents.get(arg) in pipeline.site.alternatives):
                return False
        return True

    def session_config(self, run_config: cst.Call, pipeline: _Pipeline, arg: cst.Arg) -> None:
        """RunConfig(session_config=c): Keras has no sessions, so c's settings become the
        process-wide tf.config calls the TFM1xx rules write for a Session(config=c)."""
        fixes, problems = translate_session_config(self.wrapper, run_config)
        if problems or not fixes:
            reason = problems[0].message if problems else "nothing to translate"
            raise _Problem(CODE_RUN_CONFIG_ARG, f"RunConfig(session_config=...) has no automatic Keras form here: "
                           f"{reason}", problems[0].node if problems else arg)
        pipeline.config_fixes += fixes

    def plain(self, node: cst.BaseExpression) -> str:
        if any(isinstance(n, (cst.Lambda, cst.Yield, cst.Await)) for n in _walk(node)):
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
            if (not isinstance(call, cst.Call) or stmt is None or self.assigned_name(call) != node.value
                    or not self.strategy_before(stmt, est_stmt, pipeline)):
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

    def strategy_before(self, stmt: cst.SimpleStatementLine, est_stmt: cst.SimpleStatementLine,
                        pipeline: _Pipeline) -> bool:
        """Is the strategy made in the Estimator's block (or, in a factory, in a block that
        holds the Estimator's return, above it)?"""
        if self.block_of(stmt) is self.block_of(est_stmt):
            return True
        if pipeline.site is None:
            return False
        block = self.block_of(stmt)
        return block is not None and _inside_node(est_stmt, block) and self.start(stmt) < self.start(est_stmt) \
            and self.enclosing_function(stmt) is self.enclosing_function(est_stmt)

    def canned_args(self, call: cst.Call, canned: str) -> dict[str, cst.Arg]:
        """model_dir and config of a canned Estimator; the library reads every other argument."""
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
                and a.keyword.value in ("model_dir", "config")}

    def canned_model(self, call: cst.Call, canned: str, pipeline: _Pipeline) -> KerasModelCode:
        cls = canned.rsplit(".", 1)[1]
        kind = ("tf.compat.v1.estimator." if is_compat_v1(self.qnames, call.func) else "tf.estimator.") + cls
        names = self.free_names((f"{cls}Model", f"{cls}KerasModel", f"{pipeline.estimator_name.capitalize()}{cls}Model"),)
        if names is None:
            raise _Problem(CODE_DRIVER, "no free names for the generated Keras code", call)
        try:
            canned_model = translate_canned(call, kind, self.name_of, self.code, self.single_binding, names[0],
                                            parent=self.parents.get)
        except NotTranslatable as e:
            raise _Problem(CODE_CANNED, f"{e}; the Estimator pipeline was left as it is", e.node)
        if canned_model.edits:
            raise _Problem(CODE_CANNED, "these feature columns need edits where they are defined; not written yet",
                           call)
        for name in getattr(canned_model, "reads", ()):
            if not self.bound_before(name, pipeline.estimator_stmt):
                raise _Problem(CODE_CANNED, f"the model needs `{name}`, which is not bound where the Estimator "
                               "is built", call)
        fill = (lambda text: text.format(keras=f"{pipeline.tf}.keras", tf=pipeline.tf))  # the library escapes braces
        self.all_names.add(names[0])
        return KerasModelCode(fill(canned_model.definitions), "", False, True, True, build=fill(canned_model.build),
                              reads=set(canned_model.reads))

    def bound_before(self, name: str, stmt: cst.CSTNode) -> bool:
        """Is `name` visible at `stmt` (bound in its scope or a global)?"""
        scope = self.scopes.get(stmt)
        return scope is not None and bool(list(scope[name]))

    def model_fn(self, arg: Optional[cst.Arg], call: cst.Call, pipeline: _Pipeline) -> KerasModelCode:
        node = arg.value if arg else None
        fn = self.single_binding(node) if isinstance(node, cst.Name) else None
        if not isinstance(fn, cst.FunctionDef) or not self.model_fn_uses_ok(fn, node, pipeline):
            raise _Problem(CODE_MODEL_FN, "model_fn is not a function defined once in this file and used only "
                           "here", node or call)
        if not isinstance(self.parents.get(fn), cst.Module):
            raise _Problem(CODE_MODEL_FN, "model_fn is not defined at the top of the module", fn)
        base = re.sub(r"_?model_fn$|_fn$", "", fn.name.value) or "keras"
        camel = "".join(part.capitalize() for part in base.split("_") if part) + "Model"
        names = self.free_names((camel, camel + "Keras"), (f"make_{base}_model", f"make_{base}_keras_model"))
        if names is None:
            raise _Problem(CODE_DRIVER, "no free names for the generated Keras code", call)
        pipeline.model_fn_node = fn
        try:
            model = translate(fn, self.name_of, self.code, pipeline.tf, names[0], names[1], self.all_names,
                              binding=self.single_binding, params_value=pipeline.params_node,
                              parent=self.parents.get)
        except NotTranslatable as e:
            code = {"optimizer": CODE_OPTIMIZER, "hooks": CODE_HOOKS}.get(e.code, CODE_MODEL_FN)
            raise _Problem(code, f"{e}; the Estimator pipeline was left as it is", e.node)
        for name in model.reads:
            if not self.bound_before(name, pipeline.estimator_stmt):
                raise _Problem(CODE_MODEL_FN, f"the model needs `{name}`, which is not bound where the Estimator "
                               "is built", call)
        try:
            return model
        except NotTranslatable as e:
            code = {"optimizer": CODE_OPTIMIZER, "hooks": CODE_HOOKS}.get(e.code, CODE_MODEL_FN)
            raise _Problem(code, f"{e}; the Estimator pipeline was left as it is", e.node)

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
        graph_code = [c for c, n in self.calls() if n in GRAPH_MODE_USERS]
        for call in switches:
            stmt = self.statement_of(call)
            if graph_code or stmt is None or len(stmt.body) != 1 or not isinstance(stmt.body[0], cst.Expr):
                raise _Problem(CODE_DRIVER, f"`{self.code(call)}` turns eager execution off, which Keras 3 cannot "
                               "run under, and other code here needs graph mode: migrate by hand", call)
            pipeline.removed.append(stmt)

    # -- train / evaluate / predict -------------------------------------------------------

    def driver(self, pipeline: _Pipeline, est_stmt: cst.SimpleStatementLine, model: KerasModelCode) -> None:
        uses = self.references(pipeline.site.call if pipeline.site is not None else pipeline.estimator_call)
        if not uses:
            raise _Problem(CODE_DRIVER, "the Estimator is never trained here", pipeline.estimator_call)
        for use in sorted(uses, key=self.start):
            parent = self.parents.get(use)
            if isinstance(parent, cst.Attribute) and parent.value is use:
                call = self.parents.get(parent)
                method = parent.attr.value
                if not (isinstance(call, cst.Call) and call.func is parent
                        and method in ("train", "evaluate", "predict", "get_variable_value")):
                    raise _Problem(CODE_DRIVER, f"`{pipeline.driver}.{method}` has no automatic Keras form "
                                   "(export and checkpoint helpers differ): migrate this pipeline by hand", parent)
                getattr(self, f"driver_{method}")(call, pipeline, model)
            elif isinstance(parent, cst.Arg):
                call = self.parents.get(parent)
                if not (isinstance(call, cst.Call) and self.name_of(call.func) == TRAIN_AND_EVALUATE
                        and call.args[0] is parent):
                    raise _Problem(CODE_DRIVER, "the Estimator is passed to code tfmigrate cannot follow", use)
                self.driver_train_and_evaluate(call, pipeline, model)
            else:
                raise _Problem(CODE_DRIVER, "the Estimator is used in a way tfmigrate cannot follow", use)
        if pipeline.model_dir is not None and not pipeline.first_fit:
            raise _Problem(CODE_RUN_CONFIG_ARG, "model_dir with an evaluate or predict before any train: tfmigrate "
                           "restores checkpoints where training starts; migrate by hand", pipeline.estimator_call)

    def statement_for(self, call: cst.Call, pipeline: _Pipeline) -> tuple[cst.SimpleStatementLine, Optional[str]]:
        """The statement `call` stands in on its own, and the name or target it is assigned to."""
        stmt = self.statement_of(call)
        small = stmt.body[0] if stmt is not None and len(stmt.body) == 1 else None
        if isinstance(small, cst.Expr) and small.value is call:
            return stmt, None  # type: ignore[return-value]
        if isinstance(small, cst.Assign) and small.value is call and len(small.targets) == 1:
            return stmt, self.code(small.targets[0].target)  # type: ignore[return-value]
        raise _Problem(CODE_DRIVER, f"`{self.code(call)}` is not a statement of its own: tfmigrate cannot place "
                       "the Keras calls", call)

    def driver_train(self, call: cst.Call, pipeline: _Pipeline, model: KerasModelCode) -> None:
        stmt, target = self.statement_for(call, pipeline)
        if target is not None:
            raise _Problem(CODE_DRIVER, "the value of train() (the Estimator) is used", call)
        given = self.keyword_args(call, ("input_fn", "hooks", "steps", "max_steps", "saving_listeners"))
        lines = self.fit_lines(given, pipeline, call)
        pipeline.calls.append(_Call(stmt, lines))

    def fit_lines(self, given: dict[str, cst.Arg], pipeline: _Pipeline, call: cst.Call) -> list[str]:
        callbacks = self.hooks(given, pipeline)
        steps, max_steps = given.pop("steps", None), given.pop("max_steps", None)
        for key, value in pipeline.stop_at.items():  # a StopAtStepHook of this call
            if steps is not None or max_steps is not None:
                raise _Problem(CODE_HOOKS, "StopAtStepHook together with steps or max_steps: migrate by hand", call)
            arg = cst.Arg(value, keyword=cst.Name(key))
            steps, max_steps = (arg, None) if key == "steps" else (None, arg)
        pipeline.stop_at = {}
        if steps is not None and _is_none(steps.value):
            steps = None
        if max_steps is not None and _is_none(max_steps.value):
            max_steps = None
        if steps is not None and max_steps is not None:
            raise _Problem(CODE_DRIVER, "both steps and max_steps are given", call)
        source = self.input_source(given.pop("input_fn", None), pipeline, call)
        self.only_known(given, call)
        dataset = self.per_replica(source, pipeline)
        est = pipeline.driver
        lines: list[str] = []
        fresh = pipeline.model_dir is None and not pipeline.first_fit  # no step taken or restored yet
        if pipeline.model_dir is not None and not pipeline.first_fit:
            pipeline.first_fit = True
            lines += [f"if {pipeline.checkpoints}.latest_checkpoint:",
                      "    # Estimator resumed from model_dir: build the model and its optimizer, then restore.",
                      f"    {est}.predict({source}.take(1), verbose=0)",
                      f"    {est}.optimizer.build({est}.trainable_variables)",
                      # A checkpoint the TF1 Estimator wrote names its variables differently: refuse it
                      # rather than train from scratch over it.
                      f"    {pipeline.checkpoint_ref or pipeline.checkpoint}.restore({pipeline.checkpoints}"
                      ".latest_checkpoint)"
                      ".assert_existing_objects_matched()"]
        pipeline.first_fit = True
        if pipeline.model_dir is not None and pipeline.save_every is not None:
            # save_checkpoints_steps: the manager saves once `checkpoint_interval` steps have passed.
            callbacks.append(f"{pipeline.tf}.keras.callbacks.LambdaCallback(on_train_batch_end=lambda batch, logs: "
                             f"{pipeline.checkpoints}.save(checkpoint_number=int({pipeline.driver}.optimizer"
                             ".iterations.numpy()), check_interval=True))")
        extra = f", callbacks=[{', '.join(callbacks)}]" if callbacks else ""
        if max_steps is not None and fresh:
            lines.append(f"{est}.fit({dataset}, steps_per_epoch={self.plain_steps(max_steps.value)}{extra})")
        elif max_steps is not None:
            # max_steps counts every step taken so far, restored ones included (SEMANTICS).
            limit = self.plain_steps(max_steps.value)
            lines += [f"if {est}.optimizer.iterations.numpy() < {limit}:",
                      f"    {est}.fit({dataset}, steps_per_epoch=int({limit} - {est}.optimizer.iterations.numpy())"
                      f"{extra})"]
        elif steps is not None:
            lines.append(f"{est}.fit({dataset}, steps_per_epoch={self.plain_steps(steps.value)}{extra})")
        else:
            lines.append(f"{est}.fit({dataset}{extra})")
        if pipeline.model_dir is not None:
            # Estimator always saved when train returned, whatever save_checkpoints_steps said.
            lines.append(f"{pipeline.checkpoints}.save(checkpoint_number=int({est}.optimizer.iterations.numpy()), "
                         "check_interval=False)")
        return lines

    def hooks(self, given: dict[str, cst.Arg], pipeline: _Pipeline) -> list[str]:
        given.pop("saving_listeners", None) if "saving_listeners" in given and _is_none(
            given["saving_listeners"].value) else None
        if "saving_listeners" in given:
            raise _Problem(CODE_HOOKS, "saving_listeners have no Keras form; rewrite them as callbacks by hand",
                           given["saving_listeners"])
        arg = given.pop("hooks", None)
        if arg is None or _is_none(arg.value):
            return []
        node = arg.value
        if isinstance(node, cst.Name):
            node = self.single_binding(node) or node
        elements = node.elements if isinstance(node, (cst.List, cst.Tuple)) else None
        if elements is None:
            raise _Problem(CODE_HOOKS, "hooks=...: tfmigrate cannot see which hooks these are; rewrite them as Keras "
                           "callbacks by hand", arg)
        for element in elements:
            hook = element.value
            if isinstance(hook, cst.Name):
                bound = self.single_binding(hook)
                if isinstance(bound, cst.Call) and self.references(bound) == [hook]:
                    pipeline.removed.append(self.statement_of(bound))
                    hook = bound
            name = self.name_of(hook.func) if isinstance(hook, cst.Call) else None
            if name in LOGGING_HOOKS:
                pipeline.dropped_hooks.append(hook)
                continue
            if name in STOP_AT_STEP and isinstance(hook, cst.Call) and not pipeline.stop_at:
                stop = self.keyword_args(hook, ("num_steps", "last_step"))
                if len(stop) == 1 and not _is_none(next(iter(stop.values())).value):
                    key, value = next(iter(stop.items()))
                    # num_steps: that many more steps (train's steps); last_step: up to that step (max_steps)
                    pipeline.stop_at = {"steps" if key == "num_steps" else "max_steps": value.value}
                    continue
            raise _Problem(CODE_HOOKS, f"`{self.code(hook)}`: session hooks have no automatic Keras form; rewrite "
                           "them as Keras callbacks by hand", hook)
        return []

    def per_replica(self, source: str, pipeline: _Pipeline) -> str:
        if not pipeline.strategy_name:
            return source
        strategy = pipeline.strategy_ref or pipeline.strategy_name
        return f"{strategy}.distribute_datasets_from_function(lambda _: {source})"

    def input_source(self, arg: Optional[cst.Arg], pipeline: _Pipeline, call: cst.Call) -> str:
        """Source that makes the input_fn's Dataset: `input_fn()`, a lambda's body, ..."""
        node = arg.value if arg else None
        problem = _Problem(CODE_INPUT_FN, "input_fn is neither a function, a lambda without parameters nor a call "
                           "that returns one (Estimator passed params/mode/config/input_context by name): migrate "
                           "by hand", node or call)
        if node is None:
            raise problem
        if isinstance(node, cst.Lambda):
            if not _takes_nothing(node):
                raise problem
            body = node.body
            iterated = self.one_shot_dataset(body, {}, None)
            if iterated is not None:  # `lambda: make_one_shot_iterator(ds).get_next()`
                self.no_iterator_under_strategy(pipeline, body)
                return self.portable(iterated[0]).strip()
            if _is_get_next(body):
                raise _Problem(CODE_INPUT_FN, ITERATOR_INPUT, body)
            if isinstance(body, cst.Call) and isinstance(body.func, cst.Name):
                fn = self.single_binding(body.func)
                if isinstance(fn, cst.FunctionDef):
                    self.returns_dataset(fn, pipeline)
            return self.portable(body).strip()
        made = self.numpy_input(node, pipeline)
        if made is not None:
            return made
        wants = self.input_fn_parameters(node, problem, pipeline)
        text = self.portable(node) if isinstance(node, (cst.Call, cst.Attribute)) else self.code(node)
        # Estimator passed `params` by name to an input_fn that takes it.
        return f"{text}(params={pipeline.params or '{}'})" if wants else f"{text}()"

    def input_fn_parameters(self, node: cst.BaseExpression, problem: _Problem, pipeline: _Pipeline) -> bool:
        """Does the input_fn take `params`? Estimator read its signature at run time and passed
        `params`, `mode`, `config` or `input_context` by name; tfmigrate must see the function
        (here: a def, a lambda, what a local factory returns, or a functools.partial of a def)."""
        fn: Optional[cst.CSTNode] = None
        bound: tuple[int, set[str]] = (0, set())
        if isinstance(node, cst.Name):
            fn = self.single_binding(node)
            if isinstance(fn, cst.Call):  # `train_fn = make_input_fn(...)`
                fn = self.factory_result(fn)
        elif isinstance(node, cst.Call):
            if self.name_of(node.func) == "functools.partial" and node.args and isinstance(node.args[0].value, cst.Name):
                fn = self.single_binding(node.args[0].value)
                rest = node.args[1:]
                bound = (sum(1 for a in rest if a.keyword is None), {a.keyword.value for a in rest if a.keyword})
            else:
                fn = self.factory_result(node)
        if isinstance(fn, cst.Lambda):
            if not _takes_nothing(fn):
                raise problem
            return False
        if not isinstance(fn, cst.FunctionDef) or fn.decorators or fn.params.kwonly_params \
                or fn.params.star_arg not in (cst.MaybeSentinel.DEFAULT,):
            raise _Problem(CODE_INPUT_FN, "input_fn is defined where tfmigrate cannot see it (another module, a "
                           "value passed in): Estimator called it with params/mode/config if its signature named "
                           "them; migrate by hand, or rerun on the whole project", node)
        required = [p.name.value for p in fn.params.params if p.default is None][bound[0]:]
        required = [p for p in required if p not in bound[1]]
        if any(p != "params" for p in required):
            raise problem
        self.returns_dataset(fn, pipeline)
        return bool(required)

    def factory_result(self, call: cst.Call) -> Optional[cst.CSTNode]:
        """The function a local factory returns: `def make_input_fn(...): def input_fn(): ...;
        return input_fn`."""
        factory = self.single_binding(call.func) if isinstance(call.func, cst.Name) else None
        if not isinstance(factory, cst.FunctionDef) or factory.decorators:
            return None
        returns = [n for n in _walk(factory.body) if isinstance(n, cst.Return)
                   and self.enclosing_function(n) is factory]
        if len(returns) != 1 or returns[0].value is None:
            return None
        value = returns[0].value
        if isinstance(value, cst.Lambda):
            return value
        if isinstance(value, cst.Name):
            inner = self.single_binding(value)
            if isinstance(inner, cst.FunctionDef) and self.enclosing_function(inner) is factory:
                return inner
        return None

    def enclosing_function(self, node: cst.CSTNode) -> Optional[cst.FunctionDef]:
        cur = self.parents.get(node)
        while cur is not None and not isinstance(cur, cst.FunctionDef):
            cur = self.parents.get(cur)
        return cur

    def numpy_input(self, node: cst.BaseExpression, pipeline: _Pipeline) -> Optional[str]:
        """`tf.estimator.inputs.numpy_input_fn(x, y, batch_size, num_epochs, shuffle)` (or
        pandas_input_fn), given inline or bound to a name: the same examples as a Dataset,
        shuffled through a buffer of its queue_capacity, repeated num_epochs times (None:
        without end), in batches of batch_size with the smaller last batch it also gave."""
        call = node if isinstance(node, cst.Call) else self.latest_binding(node) if isinstance(node, cst.Name) else None
        name = self.name_of(call.func) if isinstance(call, cst.Call) else None
        if name not in INPUT_FN_FACTORIES or not isinstance(call, cst.Call):
            return None
        if isinstance(node, cst.Name):
            # The assignment goes too (tf.estimator is gone), when only the drivers read the name.
            if not all(self.is_driver_argument(use, pipeline) for use in self.references(call)):
                raise _Problem(CODE_INPUT_FN, f"`{node.value}` (a numpy_input_fn) is also used outside the "
                               "Estimator's calls: migrate by hand", node)
            pipeline.removed.append(self.statement_of(call))
        pandas = name.endswith("pandas_input_fn")
        order = ("x", "y", "batch_size", "num_epochs", "shuffle", "queue_capacity", "num_threads") + (
            ("target_column",) if pandas else ())
        given = {k: self.plain(a.value) for k, a in self.keyword_args(call, order).items()}
        if "target_column" in given or "x" not in given:
            raise _Problem(CODE_INPUT_FN, f"`{self.code(call)}` has no automatic Dataset form", call)
        x = f"dict({given['x']})" if pandas else given["x"]
        data = f"({x}, {given['y']})" if given.get("y", "None") != "None" else x
        text = f"{pipeline.tf}.data.Dataset.from_tensor_slices({data})"
        shuffle = given.get("shuffle", "None")
        capacity = given.get("queue_capacity", "1000")
        if shuffle == "True":
            text += f".shuffle({capacity})"
        elif shuffle not in ("False", "None"):
            text = f"({text}.shuffle({capacity}) if {shuffle} else {text})"
        epochs = given.get("num_epochs", "1")
        if epochs == "None":
            text += ".repeat()"
        elif epochs != "1":
            text += f".repeat({epochs})"
        return text + f".batch({given.get('batch_size', '128')})"

    def is_driver_argument(self, use: cst.CSTNode, pipeline: _Pipeline) -> bool:
        arg = self.parents.get(use)
        call = self.parents.get(arg)
        if not (isinstance(arg, cst.Arg) and isinstance(call, cst.Call)):
            return False
        if self.name_of(call.func) in (TRAIN_SPEC, EVAL_SPEC):
            return True
        return isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name) \
            and call.func.value.value == pipeline.driver

    def latest_binding(self, name: cst.Name) -> Optional[cst.BaseExpression]:
        """The value of the last plain `name = ...` above the statement that reads `name`,
        when every binding of it is such an assignment in that same block."""
        scope = self.scopes.get(name)
        use = self.statement_of(name)
        if scope is None or use is None:
            return None
        block = self.parents.get(use)
        body = list(getattr(block, "body", ()))
        found = None
        for assignment in scope.assignments[name.value]:
            value = self.single_assignment_value(assignment.node)
            stmt = self.statement_of(value) if value is not None else None
            if stmt is None or stmt not in body:
                return None
            if body.index(stmt) < body.index(use) and (found is None or body.index(stmt) > body.index(found[0])):
                found = (stmt, value)
        return found[1] if found else None

    def single_assignment_value(self, target: cst.CSTNode) -> Optional[cst.BaseExpression]:
        target_parent = self.parents.get(target)
        assign = self.parents.get(target_parent) if isinstance(target_parent, cst.AssignTarget) else None
        if isinstance(assign, cst.Assign) and len(assign.targets) == 1:
            return assign.value
        return None

    def portable(self, node: cst.CSTNode) -> str:
        """Source of `node` with ModeKeys spelled as their strings (tf.estimator is gone)."""
        mapping = {n: cst.SimpleString(f'"{MODE_KEY_STRINGS[self.name_of(n) or ""]}"') for n in _walk(node)
                   if isinstance(n, cst.Attribute) and (self.name_of(n) or "") in MODE_KEY_STRINGS}
        return self.code(node.visit(_Replacer(mapping)) if mapping else node)

    def driver_evaluate(self, call: cst.Call, pipeline: _Pipeline, model: KerasModelCode) -> None:
        given = self.keyword_args(call, ("input_fn", "steps", "hooks", "checkpoint_path", "name"))
        text = self.evaluate_text(given, None, pipeline, call)
        if isinstance(self.parents.get(call), cst.Expr):  # the results are not read
            text = text[len("{**"):text.rindex(", \"global_step\"")]
        pipeline.expressions.append((call, text))

    def evaluate_text(self, given: dict[str, cst.Arg], default_steps: Optional[str], pipeline: _Pipeline,
                      call: cst.Call) -> str:
        self.hooks(given, pipeline)
        given.pop("name", None)  # only named the TF1 eval directory
        for key in ("exporters", "checkpoint_path"):
            if key in given and not _is_none(given[key].value):
                raise _Problem(CODE_DRIVER, f"{key}= has no automatic Keras form (export and checkpoint choice are "
                               "explicit calls in Keras): migrate by hand", given[key])
            given.pop(key, None)
        for key in ("start_delay_secs", "throttle_secs"):
            given.pop(key, None)  # when the periodic evaluations ran; the last one is the result
        steps_arg = given.pop("steps", None)
        source = self.input_source(given.pop("input_fn", None), pipeline, call)
        self.only_known(given, call)
        dataset = self.per_replica(source, pipeline) if pipeline.eval_distributed else source
        steps = default_steps if steps_arg is None else (None if _is_none(steps_arg.value)
                                                         else self.plain_steps(steps_arg.value))
        est = pipeline.driver
        text = f"{est}.evaluate({dataset}"
        if steps is not None:
            text += f", steps={steps}"
        # Estimator's results also held the step count.
        return f'{{**{text}, return_dict=True), "global_step": {est}.optimizer.iterations.numpy()}}'

    def driver_predict(self, call: cst.Call, pipeline: _Pipeline, model: KerasModelCode) -> None:
        if not model.predicts:
            raise _Problem(CODE_DRIVER, "predict() on a model_fn without a PREDICT EstimatorSpec", call)
        given = self.keyword_args(call, ("input_fn", "predict_keys", "hooks", "checkpoint_path",
                                         "yield_single_examples"))
        self.hooks(given, pipeline)
        if "checkpoint_path" in given and not _is_none(given["checkpoint_path"].value):
            raise _Problem(CODE_DRIVER, "predict(checkpoint_path=...) has no automatic Keras form", call)
        given.pop("checkpoint_path", None)
        single = given.pop("yield_single_examples", None)
        if single is not None and not (isinstance(single.value, cst.Name) and single.value.value == "True"):
            raise _Problem(CODE_DRIVER, "predict(yield_single_examples=...) has no automatic Keras form", call)
        keys = given.pop("predict_keys", None)
        source = self.input_source(given.pop("input_fn", None), pipeline, call)
        self.only_known(given, call)
        outputs = f"{pipeline.driver}.predict({source})"
        if not model.predictions_are_dict:
            if keys is not None and not _is_none(keys.value):
                raise _Problem(CODE_DRIVER, "predict_keys on predictions that are not a dict", call)
            pipeline.expressions.append((call, f"iter({outputs})"))
            return
        if keys is not None and not _is_none(keys.value):
            wanted = self.code(keys.value)
            if isinstance(keys.value, cst.SimpleString):
                wanted = f"[{wanted}]"
            outputs = f"{{key: value for key, value in {outputs}.items() if key in {wanted}}}"
        # Estimator yielded one dict per example; Keras returns one dict of whole arrays.
        pipeline.expressions.append(
            (call, f"(dict(zip(outputs, row)) for outputs in [{outputs}] for row in zip(*outputs.values()))"))

    def driver_get_variable_value(self, call: cst.Call, pipeline: _Pipeline, model: KerasModelCode) -> None:
        arg = call.args[0].value if len(call.args) == 1 else None
        if not (isinstance(arg, cst.SimpleString) and arg.evaluated_value == "global_step"):
            raise _Problem(CODE_DRIVER, "get_variable_value of a model variable: Keras names its variables "
                           "differently; migrate by hand", call)
        pipeline.expressions.append((call, f"{pipeline.driver}.optimizer.iterations.numpy()"))

    def driver_train_and_evaluate(self, call: cst.Call, pipeline: _Pipeline, model: KerasModelCode) -> None:
        stmt, target = self.statement_for(call, pipeline)
        given = self.keyword_args(call, ("estimator", "train_spec", "eval_spec"))
        train = self.spec(given.get("train_spec"), TRAIN_SPEC, ("input_fn", "max_steps", "hooks"), pipeline, call)
        evaluation = self.spec(given.get("eval_spec"), EVAL_SPEC, ("input_fn", "steps", "name", "hooks", "exporters",
                                                                   "start_delay_secs", "throttle_secs"), pipeline, call)
        lines = self.fit_lines(train, pipeline, call)
        evaluate = self.evaluate_text(evaluation, EVAL_SPEC_DEFAULT_STEPS, pipeline, call)
        # train_and_evaluate returned (the last evaluation's results, the exporters' results).
        lines.append(f"{target} = ({evaluate}, [])" if target is not None else evaluate)
        pipeline.calls.append(_Call(stmt, lines))

    def spec(self, arg: Optional[cst.Arg], kind: str, positional: Sequence[str], pipeline: _Pipeline,
             call: cst.Call) -> dict[str, cst.Arg]:
        node = arg.value if arg else None
        spec = node
        if isinstance(node, cst.Name):
            spec = self.single_binding(node)
            if spec is None or self.references(spec) != [node] or self.assigned_name(spec) is None:
                raise _Problem(CODE_DRIVER, f"`{node.value}` is not one {kind.rsplit('.', 1)[1]} used only here",
                               node)
            pipeline.removed.append(self.statement_of(spec))
        if not (isinstance(spec, cst.Call) and self.name_of(spec.func) == kind):
            raise _Problem(CODE_DRIVER, f"train_and_evaluate needs a {kind.rsplit('.', 1)[1]}(...) tfmigrate can "
                           "follow", node or call)
        return self.keyword_args(spec, positional)

    def only_known(self, given: dict[str, cst.Arg], call: cst.Call) -> None:
        if given:
            key = sorted(given)[0]
            raise _Problem(CODE_DRIVER, f"{key}= has no automatic Keras form", given[key])

    def plain_steps(self, node: cst.BaseExpression) -> str:
        if any(isinstance(n, (cst.Lambda, cst.Yield, cst.Await)) for n in _walk(node)):
            raise _Problem(CODE_DRIVER, f"steps `{self.code(node)}` is computed at the call: tfmigrate moves only "
                           "plain values", node)
        return self.code(node)

    def returns_dataset(self, fn: cst.FunctionDef, pipeline: _Pipeline) -> None:
        returns = [n for n in _walk(fn.body) if isinstance(n, cst.Return)]
        problem = _Problem(CODE_INPUT_FN, f"input_fn `{fn.name.value}` does not visibly return a tf.data.Dataset "
                           "(features and labels as tensors, or an iterator): build a Dataset, then rerun", fn)
        if not returns or any(r.value is None for r in returns):
            raise problem
        local: dict[str, list[cst.BaseExpression]] = {}
        for node in _walk(fn.body):
            if isinstance(node, cst.Assign) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
                local.setdefault(node.targets[0].target.value, []).append(node.value)
        for ret in returns:
            owner = self.enclosing_function(ret)
            iterated = self.one_shot_dataset(ret.value, local, owner)  # type: ignore[arg-type]
            if iterated is not None and owner is not None:
                self.iterator_return(ret, owner, iterated, local, pipeline, problem)
                continue
            self.dataset_chain(ret.value, local, fn, problem, 0, pipeline)  # type: ignore[arg-type]

    def one_shot_dataset(self, value: cst.BaseExpression, local: dict, fn: Optional[cst.FunctionDef]
                         ) -> Optional[tuple[cst.BaseExpression, list[cst.SimpleStatementLine]]]:
        """The Dataset `ds` and the statements that only served its iterator, when `value` is
        the next element of a one-shot iterator over it: `make_one_shot_iterator(ds).get_next()`,
        `ds.make_one_shot_iterator().get_next()`, `iterator.get_next()` with `iterator = ...` one
        of those, a name bound to such an element, or the tuple of names unpacked from it
        (`features, labels = iterator.get_next()`, then `return features, labels`). Each name
        must be bound once, in `fn`, and read only on the way to the return."""
        served: list[cst.SimpleStatementLine] = []
        if fn is not None and isinstance(value, cst.Tuple) and value.elements \
                and all(isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in value.elements):
            names = [e.value.value for e in value.elements]  # type: ignore[union-attr]
            value = self.unpacked_from(names, fn)  # type: ignore[assignment]
            if value is None:
                return None
            served.append(self.statement_of(value))  # type: ignore[arg-type]
        elif fn is not None and isinstance(value, cst.Name):
            bound = self.bound_once_for_return(value.value, local, fn)
            if bound is None:
                return None
            served.append(self.statement_of(bound))  # type: ignore[arg-type]
            value = bound
        if not _is_get_next(value):
            return None
        iterator = value.func.value  # type: ignore[attr-defined]
        if fn is not None and isinstance(iterator, cst.Name):
            bound = self.bound_once_for_return(iterator.value, local, fn)
            if bound is None:
                return None
            served.append(self.statement_of(bound))  # type: ignore[arg-type]
            iterator = bound
        if not isinstance(iterator, cst.Call):
            return None
        if self.name_of(iterator.func) in ONE_SHOT_ITERATORS:  # tf.compat.v1.data.make_one_shot_iterator(ds)
            args = iterator.args
            if len(args) == 1 and not args[0].star and (args[0].keyword is None or args[0].keyword.value == "dataset"):
                return args[0].value, served
            return None
        if isinstance(iterator.func, cst.Attribute) and iterator.func.attr.value == "make_one_shot_iterator" \
                and not iterator.args:  # ds.make_one_shot_iterator(), a TF1 Dataset method
            return iterator.func.value, served
        return None

    def bound_once_for_return(self, name: str, local: dict, fn: cst.FunctionDef) -> Optional[cst.BaseExpression]:
        """The value of `name = value` when that is the name's only binding in `fn` and the
        name is read once besides (by the return, or the get_next on the way to it)."""
        values = local.get(name, [])
        if len(values) != 1 or self.enclosing_function(values[0]) is not fn:
            return None
        stmt = self.statement_of(values[0])
        if stmt is None or len(stmt.body) != 1:
            return None
        if self.name_count(fn, name) != 2:
            return None
        return values[0]

    def name_count(self, fn: cst.FunctionDef, name: str) -> int:
        """How often `name` is bound or read in `fn` (not as an attribute or a keyword)."""
        count = 0
        for node in _walk(fn):
            if isinstance(node, cst.Name) and node.value == name:
                parent = self.parents.get(node)
                if not (isinstance(parent, cst.Attribute) and parent.attr is node
                        or isinstance(parent, cst.Arg) and parent.keyword is node):
                    count += 1
        return count

    def unpacked_from(self, names: list[str], fn: cst.FunctionDef) -> Optional[cst.BaseExpression]:
        """The value of the one `a, b = value` statement in `fn` that binds exactly `names`, in
        that order, when each name is read once besides (by the returned tuple)."""
        found = None
        for node in _walk(fn.body):
            if not (isinstance(node, cst.Assign) and len(node.targets) == 1):
                continue
            target = node.targets[0].target
            if isinstance(target, (cst.Tuple, cst.List)) and [
                    e.value.value if isinstance(e, cst.Element) and isinstance(e.value, cst.Name) else None
                    for e in target.elements] == names:
                if found is not None:
                    return None
                found = node
        if found is None or self.enclosing_function(found) is not fn:
            return None
        stmt = self.statement_of(found.value)
        if stmt is None or len(stmt.body) != 1:
            return None
        for name in names:
            if self.name_count(fn, name) != 2:
                return None
        return found.value

    def iterator_return(self, ret: cst.Return, fn: cst.FunctionDef,
                        iterated: tuple[cst.BaseExpression, list[cst.SimpleStatementLine]], local: dict,
                        pipeline: _Pipeline, problem: _Problem) -> None:
        """`return make_one_shot_iterator(ds).get_next()` becomes `return ds`: on TF2 the
        iterator form hands Keras one eager batch, where the Estimator ran the iterator's next
        element at every step; Keras iterating `ds` itself sees the same elements in order."""
        dataset, served = iterated
        self.no_iterator_under_strategy(pipeline, ret)
        self.dataset_chain(dataset, local, fn, problem, 0, pipeline)
        if not self.feeds_only(fn, pipeline):
            raise _Problem(CODE_INPUT_FN, f"input_fn `{fn.name.value}` returns a one-shot iterator's next element "
                           "and is also used outside this Estimator's calls: Keras needs the Dataset itself; make "
                           "it return the Dataset, then rerun", ret)
        stmt = self.statement_of(ret)
        if stmt is None or len(stmt.body) != 1:
            raise problem
        comment = cst.EmptyLine(comment=cst.Comment(
            "# Keras iterates the Dataset itself: the one-shot iterator gave the Estimator the same elements."))
        new = stmt.with_changes(body=[ret.with_changes(value=cst.parse_expression(self.portable(dataset).strip()))],
                                leading_lines=[*stmt.leading_lines, comment])
        pipeline.input_edits[id(stmt)] = Replace(stmt, new)
        for served_stmt in served:
            pipeline.input_edits[id(served_stmt)] = Replace(served_stmt, cst.RemovalSentinel.REMOVE,
                                                            keep_comments=True)

    def no_iterator_under_strategy(self, pipeline: _Pipeline, node: cst.CSTNode) -> None:
        if pipeline.strategy_name:
            raise _Problem(CODE_INPUT_FN, "an input_fn that returns an iterator's next element under "
                           "RunConfig(train_distribute=...): the Estimator raised 'input_fn must return a "
                           "tf.data.Dataset' there (checked on TF 2.15); return the Dataset, then rerun", node)

    def feeds_only(self, binding: cst.CSTNode, pipeline: _Pipeline, depth: int = 0) -> bool:
        """Is what `binding` binds (an input_fn, a factory of one, a lambda) only handed to
        this pipeline's drivers: as their input_fn, called in a lambda given to them, in a
        functools.partial given to them, or returned by a factory that only feeds them?"""
        uses = self.references(binding)
        if not uses or depth > 3:
            return False
        for use in uses:
            parent = self.parents.get(use)
            if self.is_driver_input(use, pipeline):
                continue
            if isinstance(parent, cst.Call) and parent.func is use:
                holder = self.parents.get(parent)
                if self.is_driver_input(parent, pipeline):  # make_input_fn(x) as the input_fn
                    continue
                if isinstance(holder, cst.Lambda) and holder.body is parent and self.is_driver_input(holder, pipeline):
                    continue
                if self.assigned_name(parent) is not None and self.feeds_only(parent, pipeline, depth + 1):
                    continue
                return False
            if isinstance(parent, cst.Arg) and parent.value is use:
                partial = self.parents.get(parent)
                if isinstance(partial, cst.Call) and self.name_of(partial.func) == "functools.partial" \
                        and partial.args[0] is parent and self.is_driver_input(partial, pipeline):
                    continue
                return False
            if isinstance(parent, cst.Return) and parent.value is use:
                outer = self.enclosing_function(parent)
                if outer is not None and self.feeds_only(outer, pipeline, depth + 1):
                    continue
            return False
        return True

    def is_driver_input(self, node: cst.CSTNode, pipeline: _Pipeline) -> bool:
        """Is `node` an argument of this pipeline's drivers or specs (or a name bound to a
        value that only is)?"""
        if self.is_driver_argument(node, pipeline):
            return True
        if isinstance(node, (cst.Lambda, cst.Call)) and self.assigned_name(node) is not None:
            uses = self.references(node)
            return bool(uses) and all(self.is_driver_argument(u, pipeline) for u in uses)
        return False

    def dataset_chain(self, chain: cst.BaseExpression, local: dict, fn: cst.FunctionDef, problem: _Problem,
                      depth: int, pipeline: _Pipeline) -> None:
        if depth > 30:
            raise problem
        if isinstance(chain, cst.Name) and chain.value in local:
            for value in local[chain.value]:
                if value is not chain:
                    self.dataset_chain(value, {k: v for k, v in local.items() if k != chain.value} | {
                        chain.value: [v for v in local[chain.value] if v is not value]}, fn, problem, depth + 1,
                        pipeline)
            return
        if isinstance(chain, cst.Name):
            inner = self.single_binding(chain)
            if isinstance(inner, cst.FunctionDef) and _inside_node(inner, fn):
                self.returns_dataset(inner, pipeline)  # a factory returning its inner input_fn
                return
            raise problem
        # A Dataset method on a Dataset (`ds.batch(2)`, `tf.data.Dataset.range(8).batch(2)`).
        if isinstance(chain, cst.Call) and isinstance(chain.func, cst.Attribute) \
                and chain.func.attr.value in DATASET_METHODS \
                and (self.name_of(chain.func) is None or not _dotted(chain.func)):
            self.dataset_chain(chain.func.value, local, fn, problem, depth + 1, pipeline)
            return
        # A tf.data function or class that makes a Dataset: a dotted name, not a method of a
        # call's value (`make_one_shot_iterator(ds).get_next` resolves to tf.data... too).
        name = self.name_of(chain.func) if isinstance(chain, cst.Call) else None
        if name and name.startswith(DATASET_ROOTS) and _dotted(chain.func) \
                and name.rsplit(".", 1)[-1] not in NOT_DATASETS and ".Iterator" not in name:  # type: ignore[union-attr]
            return
        if isinstance(chain, cst.IfExp):
            self.dataset_chain(chain.body, local, fn, problem, depth + 1, pipeline)
            self.dataset_chain(chain.orelse, local, fn, problem, depth + 1, pipeline)
            return
        raise problem

    # -- the rewrite ----------------------------------------------------------------------

    def pipeline_fix(self, pipeline: _Pipeline, model: KerasModelCode) -> Finding:
        tf = pipeline.tf
        indent = self.module.default_indent
        fn_node = pipeline.model_fn_node
        source = model.source.replace("    ", "\t") if indent == "\t" else model.source
        new_defs = list(cst.parse_module(source).body)
        if pipeline.strategy_name:
            new_defs = [_with_real_step_count(d, tf, indent) if isinstance(d, cst.ClassDef) and i == 0 else d
                        for i, d in enumerate(new_defs)]
        edits: list[Edit] = []
        top_defs: list[cst.BaseStatement] = []
        if fn_node is not None:  # the model class and its make function take the model_fn's place
            new_defs[0] = new_defs[0].with_changes(leading_lines=fn_node.leading_lines)
            edits.append(Replace(fn_node, cst.FlattenSentinel(new_defs)))
        else:  # a canned Estimator: its model class goes above the top-level statement that builds it
            top = pipeline.estimator_stmt
            while not isinstance(self.parents.get(top), cst.Module):
                top = self.parents.get(top)
            two_blank = [cst.EmptyLine(), cst.EmptyLine()]
            if top is pipeline.estimator_stmt:
                new_defs[0] = new_defs[0].with_changes(leading_lines=[*top.leading_lines, *two_blank])
                top_defs = new_defs
            else:
                edits.append(InsertBefore(top, new_defs, separator=[cst.EmptyLine()] * 2))
        strategy_line = None
        if pipeline.strategy_name:
            strategy_edits, strategy_line = self.strategy_rewrite(pipeline, tf)
            edits += strategy_edits
        seen: set[int] = set()
        for stmt in pipeline.removed:
            if id(stmt) not in seen:
                seen.add(id(stmt))
                edits.append(Replace(stmt, cst.RemovalSentinel.REMOVE))
        self.inherited = self.lines_of_removed(pipeline, seen)
        construction = self.construction(pipeline, model, strategy_line, indent)
        if top_defs:
            first, *rest = construction.nodes
            first = first.with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine(), *first.leading_lines[
                len(pipeline.estimator_stmt.leading_lines):]])
            construction = cst.FlattenSentinel([*top_defs, first, *rest])
        edits.append(Replace(pipeline.estimator_stmt, construction))
        for c in pipeline.calls:
            text = "".join(line + "\n" for line in c.lines)
            new = list(cst.parse_module(text.replace("    ", indent)).body)
            new[0] = new[0].with_changes(leading_lines=_merged_lines(self.inherited.get(id(c.stmt), []),
                                                                     c.stmt.leading_lines))
            edits.append(Replace(c.stmt, cst.FlattenSentinel(new)))
        for call, text in pipeline.expressions:
            edits.append(Replace(call, cst.parse_expression(text)))
        edits += pipeline.input_edits.values()
        edits += self.factory_edits(pipeline)
        edits += self.mode_key_strings(fn_node)
        notes = tuple(Finding(CODE_DROPPED, f"RunConfig({a.keyword.value}=...) dropped: it only affected logging "  # type: ignore[union-attr]
                              "or when checkpoints were written", a) for a in pipeline.dropped)
        notes += tuple(Finding(CODE_DROPPED, f"`{self.code(h)}` dropped: it only logged tensors", h)
                       for h in pipeline.dropped_hooks)
        notes += tuple(Finding(CODE_DROPPED, why, node) for node, why in getattr(model, "dropped", ()))
        imports = pipeline.imports
        unused = TF1_IMPORTS
        for fix in pipeline.config_fixes:
            edits += list(fix.edits)
            notes += fix.notes
            imports += fix.add_imports
            unused += fix.remove_unused_imports
        where = f"built under {pipeline.strategy_name}.scope(), trained on per-replica batches" \
            if pipeline.strategy_name else "compiled and trained with fit"
        if pipeline.site is not None:
            where += f", returned by `{pipeline.site.factory.name.value}` to `{pipeline.driver}`"
        return Finding(CODE_PIPELINE, f"Estimator pipeline → Keras model `{pipeline.estimator_name}` {where}",
                       pipeline.estimator_call, edits=tuple(edits), add_imports=imports, notes=notes,
                       remove_unused_imports=unused)

    def mode_key_strings(self, model_fn: Optional[cst.CSTNode]) -> list[Edit]:
        """ModeKeys outside the model_fn (an input_fn factory taking the mode) become the
        strings they always were: tf.estimator.ModeKeys is gone with tf.estimator."""
        edits: list[Edit] = []
        inside = set(map(id, _walk(model_fn))) if model_fn is not None else set()
        # Another model_fn (of a pipeline left as it is) keeps its spelling byte for byte.
        for fn in self.index.of(cst.FunctionDef):
            if fn is not model_fn and any(self.name_of(n.func) == "tf.estimator.EstimatorSpec"
                                          for n in _walk(fn) if isinstance(n, cst.Call)):
                inside |= set(map(id, _walk(fn)))
        for node in self.index.of(cst.Attribute):
            if id(node) in inside or id(node) in self.mode_keys_done:
                continue
            value = MODE_KEY_STRINGS.get(self.name_of(node) or "")
            if value is not None:
                self.mode_keys_done.add(id(node))
                edits.append(Replace(node, cst.SimpleString(f'"{value}"')))
        return edits

    def lines_of_removed(self, pipeline: _Pipeline, removed: set[int]) -> dict[int, list[cst.EmptyLine]]:
        """The blank and comment lines above removed statements (a RunConfig, the specs), for
        the rewritten statement that follows them, so the file keeps its spacing."""
        replaced = {id(pipeline.estimator_stmt)} | {id(c.stmt) for c in pipeline.calls}
        out: dict[int, list[cst.EmptyLine]] = {}
        for stmt in pipeline.removed:
            block = self.parents.get(stmt)
            body = list(getattr(block, "body", ()))
            if stmt not in body:
                continue
            i = body.index(stmt)
            if i > 0 and id(body[i - 1]) in removed:
                continue  # the first of a run of removed statements hands on the lines
            j = i
            lines: list[cst.EmptyLine] = []
            while j < len(body) and id(body[j]) in removed:
                lines += list(getattr(body[j], "leading_lines", ()))
                j += 1
            if j < len(body) and id(body[j]) in replaced:
                out.setdefault(id(body[j]), []).extend(lines)
        return out

    def free_names(self, *candidates: Sequence[str]) -> Optional[list[str]]:
        chosen = []
        for options in candidates:
            free = [c for c in options if c not in self.all_names and c not in chosen]
            if not free:
                return None
            chosen.append(free[0])
        return chosen

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

    def construction(self, pipeline: _Pipeline, model: KerasModelCode, strategy_line: Optional[str],
                     indent: str) -> cst.FlattenSentinel:
        tf, est = pipeline.tf, pipeline.estimator_name
        args = ""
        if model.takes_params:
            args = pipeline.params if pipeline.params is not None else "{}"
        lines: list[str] = []
        if strategy_line is not None:
            lines.append(strategy_line.rstrip("\n"))
        if pipeline.seed is not None:
            lines.append(f"{tf}.keras.utils.set_random_seed({pipeline.seed})")
        args = ", ".join([a for a in (args,) if a] + [source for _, source in model.extra_args])
        build = model.build if model.build is not None else f"{model.make}({args})"
        if pipeline.strategy_name:
            lines.append("# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function "
                         "does too.")
            lines.append(f"with {pipeline.strategy_name}.scope():")
            lines.append(f"    {est} = {build}")
        else:
            lines.append(f"{est} = {build}")
        if pipeline.model_dir is not None:
            checkpoint, checkpoints = pipeline.checkpoint, pipeline.checkpoints
            if pipeline.temporary_model_dir:
                lines.append("# A model_dir of None or \"\" gave the Estimator a temporary directory.")
            lines.append(f"{checkpoint} = {tf}.train.Checkpoint(model={est}, optimizer={est}.optimizer)")
            every = (f", step_counter={est}.optimizer.iterations, checkpoint_interval={pipeline.save_every}"
                     if pipeline.save_every is not None else "")
            lines.append(f"{checkpoints} = {tf}.train.CheckpointManager({checkpoint}, {pipeline.model_dir}, "
                         f"max_to_keep={pipeline.keep or 5}{every})")
        site = pipeline.site
        if site is not None and site.inline:  # `return Estimator(...)`: the factory returns the model
            if pipeline.model_dir is not None:
                lines += [FACTORY_RETURN, f"return {est}, {pipeline.checkpoints}"]
            else:
                lines.append(f"return {est}")
        text = "".join(line + "\n" for line in lines).replace("    ", indent)
        module = cst.parse_module(text)
        out = list(module.body)
        out[0] = out[0].with_changes(leading_lines=[*_merged_lines(self.inherited.get(id(pipeline.estimator_stmt), []),
                                                                   pipeline.estimator_stmt.leading_lines),
                                                    *module.header, *out[0].leading_lines])
        return cst.FlattenSentinel(out)


def _merged_lines(inherited: Sequence[cst.EmptyLine], own: Sequence[cst.EmptyLine]) -> list[cst.EmptyLine]:
    """A removed statement's lines above a statement's own: its blank lines only if the
    statement had none (no gap grows)."""
    if any(line.comment is None for line in own):
        inherited = [line for line in inherited if line.comment is not None]
    return [*inherited, *own]


class _Replacer(cst.CSTTransformer):
    def __init__(self, mapping: dict) -> None:
        self.mapping = mapping

    def on_leave(self, original_node, updated_node):  # type: ignore[override]
        return self.mapping.get(original_node, updated_node)


def _inside_node(node: cst.CSTNode, outer: cst.CSTNode) -> bool:
    return any(n is node for n in _walk(outer))



def _takes_nothing(fn: Union[cst.FunctionDef, cst.Lambda]) -> bool:
    p = fn.params
    return not (p.params or p.posonly_params or p.kwonly_params or p.star_kwarg
                or isinstance(p.star_arg, (cst.Param, cst.ParamStar)))


def _surely_a_path(node: cst.BaseExpression, name_of) -> bool:
    """A non-empty string literal, or a call that makes a path (tempfile.mkdtemp, os.path.join)."""
    if isinstance(node, cst.SimpleString):
        return bool(node.evaluated_value)
    if isinstance(node, cst.Call):
        return name_of(node.func) in ("tempfile.mkdtemp", "os.path.join", "os.path.abspath", "os.path.expanduser")
    return False


def _is_get_next(node: cst.CSTNode) -> bool:
    return isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute) \
        and node.func.attr.value == "get_next"


def _dotted(node: cst.CSTNode) -> bool:
    """A name or a chain of attributes on a name (`tf.data.Dataset.range`), no call in it."""
    while isinstance(node, cst.Attribute):
        node = node.value
    return isinstance(node, cst.Name)


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
