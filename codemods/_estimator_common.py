"""Shared parts of the Estimator rule (codemods/estimator.py): its codes, the names it
knows, the records of a pipeline, and the look-ups every part of the analysis uses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Optional, Sequence, Union

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider, QualifiedNameProvider, QualifiedNameSource, ScopeProvider

from tfmigrate.metadata import node_index, preorder
from tfmigrate import project_index
from tfmigrate.names import AMBIGUOUS, TF_SPELLINGS, canonical, imported_names, resolve, star_imported_tf, star_imports
from tfmigrate.rule import Edit, Finding, ImportSpec


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
CODE_TF_CONFIG = "TFM221"

ESTIMATOR = "tf.estimator.Estimator"
RUN_CONFIG = "tf.estimator.RunConfig"
# tf.contrib.learn's RunConfig subclassed it; a tf.estimator Estimator read the same fields of
# it, and its session_config, never its tf_config (below).
CONTRIB_RUN_CONFIG = "tf.contrib.learn.RunConfig"
RUN_CONFIGS = (RUN_CONFIG, CONTRIB_RUN_CONFIG)
# tf.contrib.learn.RunConfig's own arguments that only built its `tf_config` proto. A
# tf.estimator Estimator ran its sessions with `session_config` (TF 2.15's estimator.py,
# maybe_overwrite_model_dir_and_session_config), so they never reached it.
CONTRIB_TF_CONFIG_ONLY = ("gpu_memory_fraction", "num_cores", "log_device_placement")
CONTRIB_RUN_CONFIG_ARGS = {
    *CONTRIB_TF_CONFIG_ONLY, "tf_random_seed", "save_summary_steps", "save_checkpoints_secs",
    "save_checkpoints_steps", "keep_checkpoint_max", "keep_checkpoint_every_n_hours", "model_dir", "session_config",
}
DISTRIBUTE_CONFIG = "tf.contrib.distribute.DistributeConfig"
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
    ("tensorflow.contrib", "learn"),
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
    "master": "a TF1 master (a remote session target): Keras trains in this process; reach a cluster "
              "through a tf.distribute strategy's cluster resolver",
    "evaluation_master": "a TF1 master for evaluation: Keras evaluates in this process",
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
    ("tensorflow.contrib", "slim"), ("tensorflow.contrib", "layers"),  # the model_fn's contrib layers
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
    metric_fn: Optional[cst.FunctionDef] = None  # `est = tf.estimator.add_metrics(est, metric_fn)`'s, on a canned model
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
    model_fn_method: Optional[object] = None  # a method model_fn: its class and the object's new name
    # `return model_fn` of a model_fn factory (`build_model_fn(vocab)`): it returns the make function
    model_fn_return: Optional[cst.Name] = None
    config_fixes: list[Finding] = field(default_factory=list)  # session_config's tf.config calls (TFM1xx)
    # calls replaced by an expression where they stand (evaluate, predict, get_variable_value)
    expressions: list[tuple[cst.Call, str]] = field(default_factory=list)
    step_beside_update: bool = False  # KerasModelCode's: fit adds TF1's extra step when the input ran out
    step_mark: str = ""  # the name that holds the step count before such a fit
    read_model_dir: bool = False  # an evaluate or predict before any train reads model_dir's checkpoint
    # lines put before a statement of the user's (the restore of model_dir before a first evaluate)
    before: list[tuple[cst.SimpleStatementLine, list[str]]] = field(default_factory=list)
    # input_fn statements rewritten where they are (a one-shot iterator's element → its Dataset)
    input_edits: dict[int, Edit] = field(default_factory=dict)
    site: Optional["_Site"] = None  # the Estimator is returned by a factory function
    driver_name: str = ""  # the name the drivers call, when it is not estimator_name (a factory's caller)
    strategy_ref: str = ""  # how the drivers reach the strategy, when its name is not in their scope
    checkpoint_ref: str = ""  # how the drivers reach the tf.train.Checkpoint, likewise
    model_dir_node: Optional[cst.BaseExpression] = None
    temporary_model_dir: bool = False  # model_dir may be None or "": the Estimator made a temporary one
    shared_config: Optional[cst.SimpleStatementLine] = None  # a RunConfig other Estimators take too
    shared_model_fn: bool = False  # the model_fn is other Estimators' too
    warm_start: Optional[str] = None  # the model_dir whose latest checkpoint gives the first fit its weights
    warm_start_fresh: str = ""  # the name that keeps the optimizer's own state across that read
    # model_to_estimator: the user's own Keras model is trained (no generated class), and the
    # statements that build it, moved under the strategy's scope
    user_model: bool = False
    # "single": the user's model is functional with one output, `Model(inputs, outputs)`,
    # whose output_names keyed model_to_estimator's predictions
    user_model_outputs: str = ""
    built_before: str = ""
    steps_record: str = ""  # the dict that keeps the count of steps really taken, under a strategy
    dropped_why: list = field(default_factory=list)  # (argument, why it had no effect)
    canned: Optional[str] = None  # the canned class, for a canned Estimator
    aliases: Optional[set] = None  # every name the drivers reach the Estimator by (_estimator_shared_drivers.py)
    # the RunConfig comes from a helper (`run_config("dnn")`): its parameters → what the call passes
    config_values: Optional[dict] = None
    in_list: bool = False  # `[("linear", LinearRegressor(...)), ...]`: built before the list, named there
    drop_imports: tuple = ()  # (module, name) imports the rewrite leaves unused: another module's old model_fn
    # an input_fn's call as the Estimator made it under a strategy, which gave it the
    # replica's `input_context` (by the call's source without it)
    with_input_context: dict = field(default_factory=dict)

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

    def argument_for(self, param: cst.Param) -> Optional[cst.Arg]:
        """What the factory's one call passes for `param`, by keyword or by position; None when
        it passes nothing for it or unpacks arguments (then nobody can tell)."""
        if any(a.star for a in self.call.args):
            return None
        named = next((a for a in self.call.args if a.keyword is not None and a.keyword.value == param.name.value),
                     None)
        if named is not None:
            return named
        positional = [a for a in self.call.args if a.keyword is None]
        position = list(self.factory.params.params).index(param)
        return positional[position] if position < len(positional) else None



class _AnalysisBase:
    """The parsed module, its metadata and the look-ups every part of the analysis uses."""

    def __init__(self, wrapper: MetadataWrapper) -> None:
        self.wrapper = wrapper
        self.module = wrapper.module
        self.qnames = wrapper.resolve(QualifiedNameProvider)
        self.index = node_index(wrapper.module)
        self.parents = self.index.parents
        self.positions = wrapper.resolve(PositionProvider)
        self.scopes = wrapper.resolve(ScopeProvider)
        self.all_names = {n.value for n in self.index.of(cst.Name)}
        self.star_imports = star_imports(self.module)
        self.handled_strategies: set[cst.Call] = set()
        self.mode_keys_done: set[int] = set()
        self.inherited: dict[int, list[cst.EmptyLine]] = {}
        self.factory_calls: set[cst.Call] = set()
        # a statement several Estimators need (a RunConfig, a numpy_input_fn) → their calls: it
        # goes with the last of them, when all are rewritten (EstimatorRule.remove_shared_statements)
        self.shared_statements: dict[int, list[cst.Call]] = {}
        # a model_fn several Estimators take → their calls; the names taken before its first
        # translation and the names it got; each call's (Keras code, edit that writes it)
        self.model_fn_users: dict[int, list[cst.Call]] = {}
        self.shared_fn_taken: dict[int, tuple[set, Optional[list[str]]]] = {}
        self.shared_fn_code: dict[int, tuple[str, Edit]] = {}
        self.model_dirs: list[tuple[cst.Call, Optional[cst.BaseExpression], object]] = []  # (call, model_dir, what built it)
        self.helpers_checked: set[int] = set()
        # an Estimator call whose model_fn is another module's → (that file, the model_fn's name)
        self.foreign_targets: dict[int, tuple[str, str]] = {}
        # an Estimator call → the modules of its input_fns that spell ModeKeys (written as strings)
        self.foreign_mode_keys: dict[int, set[str]] = {}
        self.path = ""  # the file, when the project pass analyses another module for this one
        self.other_modules: dict[str, Optional[cst.Module]] = {}  # those modules, parsed once
        # a shared RunConfig statement → the findings that turn its session_config into tf.config calls
        # a helper's parameter or a loop's target several Estimators reach → its SharedDriver
        # (codemods/_estimator_shared_drivers.py)
        self.shared_drivers: dict[tuple, object] = {}
        self.shared_config_fixes: dict[int, list[Finding]] = {}  # functions an input_fn calls, being checked (no recursion)

    def encloses(self, outer: cst.CSTNode, node: cst.CSTNode) -> bool:
        """Is `node` inside `outer` (or `outer` itself)?"""
        cur: Optional[cst.CSTNode] = node
        while cur is not None:
            if cur is outer:
                return True
            cur = self.parents.get(cur)
        return False

    def start(self, node: cst.CSTNode) -> tuple[int, int]:
        pos = self.positions[node]
        return pos.start.line, pos.start.column

    def code(self, node: cst.CSTNode) -> str:
        return self.module.code_for_node(node)

    def name_of(self, node: cst.CSTNode, depth: int = 0) -> Optional[str]:
        found = self.qnames.get(node)
        found = set(found() if callable(found) else found or ())
        if any(q.source != QualifiedNameSource.IMPORT for q in found):
            return self.aliased_name(node, depth)
        name = resolve(self.qnames, node)
        if name is None and (isinstance(node, cst.Attribute) or isinstance(node, cst.Name)):
            name = self.star_name(node)
        for prefix in ESTIMATOR_PACKAGES:
            if name and name.startswith(prefix):
                return "tf.estimator." + name[len(prefix):]
        return name

    def star_name(self, node: cst.CSTNode) -> Optional[str]:
        """`tf.estimator.TrainSpec` where `tf` comes from `from utils import *` (#15): in a
        project run whose utils.py binds `tf` to TensorFlow, TensorFlow's name; otherwise
        None (through_star_imports reports it). The first analysis of a project run marks
        the file, so that it is analysed again with the other files in view."""
        root = self.star_tf_root(node)
        if root is None:
            return None
        attrs: list[str] = []
        while isinstance(node, cst.Attribute):
            attrs.append(node.attr.value)
            node = node.value
        context = project_index.current()
        if context is not None and context.mode == "collect":
            context.foreign = True
        module = star_imported_tf(self.module, root.value)
        return canonical(".".join([module, *reversed(attrs)])) if module is not None else None

    def star_tf_root(self, node: cst.CSTNode) -> Optional[cst.Name]:
        """The `tf` at the root of `node` (`tf.estimator.TrainSpec`) when it is spelled like
        TensorFlow, no statement of this file binds it, and the file has `from M import *`
        lines it may come from."""
        root = node
        while isinstance(root, cst.Attribute):
            root = root.value
        if not isinstance(root, cst.Name) or root.value not in TF_SPELLINGS or not self.star_imports:
            return None
        scope = self.scopes.get(root)
        return root if scope is not None and not list(scope[root.value]) else None

    def aliased_name(self, node: cst.CSTNode, depth: int) -> Optional[str]:
        """`fc.numeric_column` where `fc = tf.feature_column` (or `ModeKeys =
        tf.estimator.ModeKeys`) is the one binding of `fc`: the alias is the same object, so
        the name is TensorFlow's. Only a plain attribute path is followed, never a call."""
        attrs: list[str] = []
        root = node
        while isinstance(root, cst.Attribute):
            attrs.append(root.attr.value)
            root = root.value
        if not isinstance(root, cst.Name) or depth > 4:
            return None
        bound = self.single_binding(root)
        if bound is None and self.may_be_tensorflow(root):
            # `layers` is TensorFlow's in one binding and something else in another: a call
            # through it is neither TensorFlow's nor the user's for sure.
            return AMBIGUOUS + ".".join([root.value, *reversed(attrs)])
        if not _attribute_path(bound):
            return None
        module = self.name_of(bound, depth + 1)
        if module is None or not module.startswith("tf."):
            return None
        return ".".join([module, *reversed(attrs)])

    def may_be_tensorflow(self, name: cst.Name) -> bool:
        """Does one of several bindings of `name` bind it to TensorFlow (an import or an alias)?"""
        scope = self.scopes.get(name)
        if scope is None:
            return False
        for assignment in scope[name.value]:
            node = getattr(assignment, "node", None)
            if isinstance(node, (cst.Import, cst.ImportFrom)):
                if any(q.startswith("tensorflow") for q in imported_names(self.qnames, name)):
                    return True
                continue
            parent = self.parents.get(node)
            assign = self.parents.get(parent) if isinstance(parent, cst.AssignTarget) else None
            if isinstance(assign, cst.Assign) and _attribute_path(assign.value) \
                    and (self.name_of(assign.value, 5) or "").startswith("tf."):
                return True
        return False

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
        if not isinstance(name, cst.Name):  # `module.NAME`: see _AcrossModules.across_lookups
            return None
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

    def unpacked_binding(self, name: cst.Name) -> Optional[cst.CSTNode]:
        """`is_male, age = [categorical(...), numeric(...)]`: the element a name bound once by
        unpacking a written list or tuple of the same length gets (feature columns, as the
        course labs define them)."""
        scope = self.scopes.get(name) if isinstance(name, cst.Name) else None
        bindings = list(scope[name.value]) if scope is not None else []
        node = getattr(bindings[0], "node", None) if len(bindings) == 1 else None
        element = self.parents.get(node) if node is not None else None
        target = self.parents.get(element) if isinstance(element, cst.Element) else None
        holder = self.parents.get(target) if isinstance(target, (cst.Tuple, cst.List)) else None
        assign = self.parents.get(holder) if isinstance(holder, cst.AssignTarget) else None
        if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1
                and isinstance(assign.value, (cst.Tuple, cst.List))):
            return None
        targets, values = target.elements, assign.value.elements  # type: ignore[union-attr]
        if len(targets) != len(values) or any(isinstance(e, cst.StarredElement) for e in (*targets, *values)):
            return None
        return values[list(targets).index(element)].value

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
        # LibCST keeps references in a set ordered by object ids: source order, so the same
        # file always gives the same rewrite and the same reports. A name bound twice (`est =
        # add_metrics(est, fn)`) lists each use under both bindings: once here.
        return sorted({id(u): u for u in uses}.values(), key=self.start)

    def keyword_args(self, call: cst.Call, positional: Sequence[str]) -> dict[str, cst.Arg]:
        given: dict[str, cst.Arg] = {}
        for i, arg in enumerate(call.args):
            if arg.star:
                raise _Problem(CODE_RUN_CONFIG_DYNAMIC if self.name_of(call.func) in RUN_CONFIGS else CODE_DRIVER,
                               f"`{self.code(call)}` unpacks {arg.star}arguments: tfmigrate cannot see them; "
                               "spell them out", arg)
            key = arg.keyword.value if arg.keyword else (positional[i] if i < len(positional) else f"#{i}")
            given[key] = arg
        return given


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


def _attribute_path(node: Optional[cst.CSTNode]) -> bool:
    """`a`, `a.b.c`: names and attributes only (an alias), no call or subscript."""
    while isinstance(node, cst.Attribute):
        node = node.value
    return isinstance(node, cst.Name)


def _walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """`node` and everything under it, in source order."""
    return preorder(node)
