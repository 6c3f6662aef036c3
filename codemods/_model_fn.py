"""An Estimator `model_fn` as a Keras 3 model: one `keras.Model` subclass serves fit,
evaluate and predict.

How a model_fn maps (SEMANTICS, "Keras 3 facts"):
- The model_fn is run symbolically once per mode: `if mode == ModeKeys.X` (also `!=`,
  `in`, `elif`, early returns and names such as `is_training = mode == TRAIN`) is decided
  for TRAIN, EVAL and PREDICT, giving three straight paths that each end in
  `return EstimatorSpec(...)`.
- The *forward pass* is what the TRAIN loss's model input (logits / predictions) depends
  on. It must be the same statements in every mode; a mode test inside it becomes Keras's
  own `training` flag. Its `tf.layers` calls are created once in `__init__` and called in
  `call(features, training=False)`; every other op stays as the user wrote it (the
  subclass form keeps raw TF ops, which a Functional model cannot take).
- The loss, the metrics and the optimizer go to `compile` as Keras built-ins with the
  same numbers; the PREDICT branch's `predictions` become a `predict_step` computed from
  the model output, so `model.predict` returns the same keys.
Anything else raises `NotTranslatable` with the reason, and the pipeline is reported.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import Callable, Iterator, Optional, Sequence, Union

import libcst as cst

from tfmigrate.codemods._estimator_keras import (
    ACTIVATION_STRINGS,
    ACTIVATIONS,
    LOSS_POSITIONAL_TAIL,
    LOSSES,
    MEAN_REDUCTIONS,
    OPTIMIZER_DEFAULT_LR,
    OptimizerForm,
    OPTIMIZER_IGNORED,
    OPTIMIZERS,
    NotTranslatable,
)
from tfmigrate.parents import iter_nodes

NameOf = Callable[[cst.CSTNode], Optional[str]]

TRAIN, EVAL, PREDICT = "train", "eval", "infer"
MODES = frozenset({TRAIN, EVAL, PREDICT})
MODE_KEYS = {f"tf.estimator.ModeKeys.{k}": v for k, v in (("TRAIN", TRAIN), ("EVAL", EVAL), ("PREDICT", PREDICT))}
MODEL_FN_PARAMS = {"features", "labels", "mode", "params", "config"}
ESTIMATOR_SPEC = "tf.estimator.EstimatorSpec"
SPEC_POSITIONAL = ("mode", "predictions", "loss", "train_op", "eval_metric_ops", "export_outputs")
GLOBAL_STEP = {"tf.train.get_global_step", "tf.train.get_or_create_global_step"}
UPDATE_OPS = "tf.GraphKeys.UPDATE_OPS"
# Statements whose only effect was logging or summaries: nothing a Keras model needs.
SIDE_EFFECT_ONLY = ("tf.summary.", "tf.logging.", "tf.print", "print")


_INITIALIZERS = frozenset({"kernel_initializer", "bias_initializer", "kernel_regularizer", "bias_regularizer"})


@dataclass(frozen=True)
class LayerForm:
    keras: str
    positional: tuple[str, ...]  # TF1 order after `inputs`
    keep: frozenset[str]  # keywords that carry over with the same meaning and default


_CONV = ("filters", "kernel_size", "strides", "padding", "data_format", "dilation_rate", "activation", "use_bias")
_POOL = ("pool_size", "strides", "padding", "data_format")
_RNN = ("units", "activation", "recurrent_activation", "use_bias", "dropout", "recurrent_dropout",
        "return_sequences", "go_backwards", "unroll")
LAYERS = {
    "dense": LayerForm("Dense", ("units", "activation", "use_bias", "kernel_initializer", "bias_initializer"),
                       frozenset({"units", "activation", "use_bias"}) | _INITIALIZERS),
    "conv1d": LayerForm("Conv1D", _CONV, frozenset(_CONV) | _INITIALIZERS),
    "conv2d": LayerForm("Conv2D", _CONV, frozenset(_CONV) | _INITIALIZERS),
    "conv3d": LayerForm("Conv3D", _CONV, frozenset(_CONV) | _INITIALIZERS),
    "conv2d_transpose": LayerForm("Conv2DTranspose", _CONV[:5] + ("activation", "use_bias"),
                                  frozenset(_CONV[:5] + ("activation", "use_bias")) | _INITIALIZERS),
    "separable_conv2d": LayerForm("SeparableConv2D", _CONV[:6] + ("depth_multiplier", "activation", "use_bias"),
                                  frozenset(_CONV + ("depth_multiplier",))),
    "max_pooling1d": LayerForm("MaxPooling1D", _POOL, frozenset(_POOL)),
    "max_pooling2d": LayerForm("MaxPooling2D", _POOL, frozenset(_POOL)),
    "max_pooling3d": LayerForm("MaxPooling3D", _POOL, frozenset(_POOL)),
    "average_pooling1d": LayerForm("AveragePooling1D", _POOL, frozenset(_POOL)),
    "average_pooling2d": LayerForm("AveragePooling2D", _POOL, frozenset(_POOL)),
    "average_pooling3d": LayerForm("AveragePooling3D", _POOL, frozenset(_POOL)),
    "flatten": LayerForm("Flatten", (), frozenset({"data_format"})),
    "dropout": LayerForm("Dropout", ("rate", "noise_shape", "seed", "training"),
                         frozenset({"rate", "noise_shape", "seed"})),
    # tf.keras layers a TF1 model_fn made inline; Keras 2.15 and Keras 3 share these defaults
    # (uniform(-0.05, 0.05) embeddings; the recurrent layers' activations, initializers and
    # GRU's reset_after=True). Keras 3 dropped Embedding's input_length, which only shaped.
    "embedding": LayerForm("Embedding", ("input_dim", "output_dim"),
                           frozenset({"input_dim", "output_dim", "mask_zero", "embeddings_initializer"})),
    "lstm": LayerForm("LSTM", ("units",), frozenset(_RNN)),
    "gru": LayerForm("GRU", ("units",), frozenset(_RNN)),
    "simple_rnn": LayerForm("SimpleRNN", ("units",), frozenset(_RNN) - {"recurrent_activation"}),
    "global_average_pooling1d": LayerForm("GlobalAveragePooling1D", ("data_format",), frozenset({"data_format"})),
    "global_average_pooling2d": LayerForm("GlobalAveragePooling2D", ("data_format",), frozenset({"data_format"})),
    "global_max_pooling1d": LayerForm("GlobalMaxPooling1D", ("data_format",), frozenset({"data_format"})),
    "global_max_pooling2d": LayerForm("GlobalMaxPooling2D", ("data_format",), frozenset({"data_format"})),
    # TF1 and Keras 3 share momentum 0.99 and epsilon 1e-3 (SEMANTICS).
    "batch_normalization": LayerForm("BatchNormalization", ("axis", "momentum", "epsilon", "center", "scale"),
                                     frozenset({"axis", "momentum", "epsilon", "center", "scale"})),
}
LAYER_CLASSES = {"Dense": "dense", "Conv1D": "conv1d", "Conv2D": "conv2d", "Conv3D": "conv3d",
                 "Conv2DTranspose": "conv2d_transpose", "SeparableConv2D": "separable_conv2d",
                 "MaxPooling1D": "max_pooling1d", "MaxPooling2D": "max_pooling2d", "MaxPooling3D": "max_pooling3d",
                 "AveragePooling1D": "average_pooling1d", "AveragePooling2D": "average_pooling2d",
                 "AveragePooling3D": "average_pooling3d", "Flatten": "flatten", "Dropout": "dropout",
                 "BatchNormalization": "batch_normalization", "Embedding": "embedding", "LSTM": "lstm",
                 "GRU": "gru", "SimpleRNN": "simple_rnn", "GlobalAveragePooling1D": "global_average_pooling1d",
                 "GlobalAveragePooling2D": "global_average_pooling2d", "GlobalMaxPooling1D": "global_max_pooling1d",
                 "GlobalMaxPooling2D": "global_max_pooling2d"}
# Layer classes tf.layers never had: only their tf.keras spelling is matched.
KERAS_ONLY_KINDS = frozenset({"embedding", "lstm", "gru", "simple_rnn", "global_average_pooling1d",
                              "global_average_pooling2d", "global_max_pooling1d", "global_max_pooling2d"})
# Layers that read Keras's training flag: a TF1 model_fn that did not pass one ran them in
# inference mode (the learning phase was 0), so the rewrite passes training=False.
TRAINING_LAYERS = frozenset({"dropout", "batch_normalization", "lstm", "gru", "simple_rnn"})
KERAS_LAYER_MODULES = ("tf.keras.layers.", "keras.layers.")
# Keywords with no effect on the numbers (names, graph reuse, the fused kernel).
LAYER_IGNORED = {"name", "reuse", "fused", "trainable", "input_length"}

# tf.nn losses under tf.reduce_mean: Keras loss, labels keyword, logits keyword.
NN_LOSSES = {
    "tf.nn.sparse_softmax_cross_entropy_with_logits": ("SparseCategoricalCrossentropy", "labels"),
    "tf.nn.softmax_cross_entropy_with_logits": ("CategoricalCrossentropy", "labels"),
    "tf.nn.softmax_cross_entropy_with_logits_v2": ("CategoricalCrossentropy", "labels"),
    "tf.nn.sigmoid_cross_entropy_with_logits": ("BinaryCrossentropy", "labels"),
}
# Label transformations a Keras loss or metric does itself (casts, rank changes).
LABEL_WRAPPERS = {"tf.cast", "tf.to_int32", "tf.to_int64", "tf.to_float", "tf.reshape", "tf.expand_dims",
                  "tf.squeeze", "tf.identity"}

SCHEDULES = {
    # TF1 function: (Keras schedule, TF1 positional order, TF1 keyword -> Keras keyword)
    "tf.train.exponential_decay": ("ExponentialDecay", ("learning_rate", "global_step", "decay_steps", "decay_rate",
                                                        "staircase"),
                                   {"learning_rate": "initial_learning_rate", "decay_steps": "decay_steps",
                                    "decay_rate": "decay_rate", "staircase": "staircase"}),
    "tf.train.inverse_time_decay": ("InverseTimeDecay", ("learning_rate", "global_step", "decay_steps", "decay_rate",
                                                         "staircase"),
                                    {"learning_rate": "initial_learning_rate", "decay_steps": "decay_steps",
                                     "decay_rate": "decay_rate", "staircase": "staircase"}),
    "tf.train.polynomial_decay": ("PolynomialDecay", ("learning_rate", "global_step", "decay_steps",
                                                      "end_learning_rate", "power", "cycle"),
                                  {"learning_rate": "initial_learning_rate", "decay_steps": "decay_steps",
                                   "end_learning_rate": "end_learning_rate", "power": "power", "cycle": "cycle"}),
    "tf.train.cosine_decay": ("CosineDecay", ("learning_rate", "global_step", "decay_steps", "alpha"),
                              {"learning_rate": "initial_learning_rate", "decay_steps": "decay_steps",
                               "alpha": "alpha"}),
    "tf.train.piecewise_constant": ("PiecewiseConstantDecay", ("x", "boundaries", "values"),
                                    {"boundaries": "boundaries", "values": "values"}),
    "tf.train.piecewise_constant_decay": ("PiecewiseConstantDecay", ("x", "boundaries", "values"),
                                          {"boundaries": "boundaries", "values": "values"}),
}
SCHEDULE_STEP_ARG = {"tf.train.piecewise_constant": "x", "tf.train.piecewise_constant_decay": "x"}

ACCURACY, AUC, PRECISION, RECALL, MEAN_METRIC = (
    "tf.metrics.accuracy", "tf.metrics.auc", "tf.metrics.precision", "tf.metrics.recall", "tf.metrics.mean")
REGRESSION_METRICS = {
    "tf.metrics.mean_absolute_error": "MeanAbsoluteError",
    "tf.metrics.mean_squared_error": "MeanSquaredError",
    "tf.metrics.root_mean_squared_error": "RootMeanSquaredError",
}
KERAS_RESERVED = {"loss", "compile_metrics"}
INPUT_LAYERS = {"tf.feature_column.input_layer"}
NAMING_SCOPES = {"tf.variable_scope", "tf.name_scope", "tf.compat.v1.variable_scope"}
DENSE_FEATURES = {"tf.keras.layers.DenseFeatures", "tf.feature_column.DenseFeatures", "keras.layers.DenseFeatures"}
# Keras losses that have a metric of the same name and options (the per-example mean).
LOSS_METRICS = {"SparseCategoricalCrossentropy", "CategoricalCrossentropy", "BinaryCrossentropy",
                "MeanSquaredError", "MeanAbsoluteError"}


@dataclass
class KerasModelCode:
    """What the rule writes in place of the model_fn."""

    source: str  # the class and its `make_...` function, `{tf}` already filled in
    make: str  # the name of the function that builds and compiles the model
    takes_params: bool  # make(params) or make()
    predicts: bool  # predict_step gives the PREDICT spec's predictions
    predictions_are_dict: bool = True
    build: Optional[str] = None  # the whole expression that builds the model, when not make(params)
    # (parameter, source evaluated where the Estimator was built): run-time feature keys
    extra_args: list = field(default_factory=list)
    reads: set = field(default_factory=set)  # the user's names those sources read
    # (node, why): model_fn code with no effect on the numbers that the Keras model leaves out
    dropped: list = field(default_factory=list)


@dataclass
class _Path:
    """The statements one mode runs, in order, up to its `return EstimatorSpec(...)`."""

    mode: str
    steps: list[Union[cst.BaseSmallStatement, cst.For]] = field(default_factory=list)
    spec: Optional[cst.Call] = None
    batch_norm_updates: bool = False  # the train_op waits for the UPDATE_OPS collection


def translate(fn: cst.FunctionDef, name_of: NameOf, code: Callable[[cst.CSTNode], str], tf: str,
              class_name: str, make_name: str, taken: set[str],
              binding: Optional[Callable[[cst.Name], Optional[cst.CSTNode]]] = None,
              params_value: Optional[cst.BaseExpression] = None,
              parent: Optional[Callable[[cst.CSTNode], Optional[cst.CSTNode]]] = None) -> KerasModelCode:
    """`binding` finds the value a name of the user's module is bound to; `params_value`
    is the Estimator's `params=` (a dict literal, when tfmigrate could see one)."""
    model = _ModelFn(fn, name_of, code, tf, taken)
    model.module_binding, model.params_value, model.module_parent = binding, params_value, parent
    return model.translate(class_name, make_name)


def _walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    return iter_nodes(node, skip=_ATTRIBUTE_NAMES)


_ATTRIBUTE_NAMES = frozenset({(cst.Attribute, "attr")})


def _names_used(node: cst.CSTNode) -> set[str]:
    return {n.value for n in _walk(node) if isinstance(n, cst.Name)}


def _targets(step: cst.CSTNode) -> set[str]:
    """Names a path step binds."""
    out: set[str] = set()
    nodes: list[cst.CSTNode] = []
    if isinstance(step, cst.Assign):
        nodes = [t.target for t in step.targets]
    elif isinstance(step, (cst.AugAssign, cst.AnnAssign)):
        nodes = [step.target]
    elif isinstance(step, cst.For):
        nodes = [step.target] + [s for s in _walk(step.body) if isinstance(s, cst.AssignTarget)]
    elif isinstance(step, cst.If):
        nodes = [s for s in _walk(step) if isinstance(s, cst.AssignTarget)]
    for node in nodes:
        for sub in _walk(node):
            if isinstance(sub, cst.Name) and not isinstance(node, cst.Attribute):
                out.add(sub.value)
    # `layers.append(...)`: a list or dict changed in place is bound here too
    for sub in _walk(step):
        if isinstance(sub, cst.Call) and isinstance(sub.func, cst.Attribute) and isinstance(sub.func.value, cst.Name) \
                and sub.func.attr.value in _MUTATORS:
            out.add(sub.func.value.value)
    return out


_MUTATORS = frozenset({"append", "extend", "insert", "update", "setdefault", "add", "pop", "remove", "clear"})


class _Replacer(cst.CSTTransformer):
    def __init__(self, mapping: dict[cst.CSTNode, cst.CSTNode]) -> None:
        self.mapping = mapping

    def on_leave(self, original_node, updated_node):  # type: ignore[override]
        return self.mapping.get(original_node, updated_node)


class _ModelFn:
    def __init__(self, fn: cst.FunctionDef, name_of: NameOf, code: Callable[[cst.CSTNode], str], tf: str,
                 taken: set[str]) -> None:
        self.fn, self.name_of, self.code, self.tf, self.taken = fn, name_of, code, tf, taken
        self.params = [p.name.value for p in fn.params.params]
        self.mode_names: dict[str, frozenset[str]] = {}  # `is_training = mode == TRAIN`
        self.init_lines: list[str] = []
        self.attr_names: set[str] = set()
        self.uses_params = False
        self.loop_attrs: list[tuple[str, str]] = []  # (attribute, constructor) of the loop being rendered
        self.loop_locals: list[tuple[str, str]] = []
        self.static_locals: dict[str, str] = {}  # params-only locals that __init__ needs too
        self.module_binding: Optional[Callable[[cst.Name], Optional[cst.CSTNode]]] = None
        self.params_value: Optional[cst.BaseExpression] = None
        self.pending: list[str] = []  # statements the next rendered statement needs first (input layers)
        self.module_parent: Optional[Callable[[cst.CSTNode], Optional[cst.CSTNode]]] = None
        self.key_params: dict = {}  # run-time feature-key sources -> the model's parameter names
        self.extra_args: list[tuple[str, str]] = []
        self.reads: set[str] = set()
        self.rank_one = False
        self.inner_names: list[str] = []  # inner tensors of the forward pass the predictions read
        self.rmsprop_class: Optional[str] = None  # the Keras RMSprop whose mean square starts at 1
        self.class_name = ""
        self.metric_output = "y_pred"
        # id(tf.get_variable call) → {id(l2_loss term): its scale}: the loss's l2_loss terms on it
        self.variable_scales: dict[int, dict[int, str]] = {}
        self.regularized = False  # the loss adds the layers' regularization losses
        self.consumed: set[str] = set()  # model_fn locals the Keras code no longer reads (initializers)
        self.in_model = True  # static values read now go into __init__ (False while compiling)
        self.origin: dict[int, cst.CSTNode] = {}  # node id -> the path statement whose value holds it

    # -- entry ----------------------------------------------------------------------------

    def translate(self, class_name: str, make_name: str) -> KerasModelCode:
        self.class_name = class_name
        self.check_signature()
        paths = {mode: self.path(mode) for mode in (TRAIN, EVAL, PREDICT)}
        train = paths[TRAIN]
        spec = self.spec_args(train)
        if "loss" not in spec or "train_op" not in spec:
            raise NotTranslatable("the TRAIN EstimatorSpec has no loss and train_op", train.spec or self.fn)
        loss_keras, output = self.loss(spec["loss"], train)
        forward = self.forward(output, train)
        for mode in (EVAL, PREDICT):
            missing = [s for s in forward if not any(s is t for t in paths[mode].steps)]
            if missing and paths[mode].spec is not None:
                raise NotTranslatable(f"the model differs in the {mode.upper()} mode (`{self.code(missing[0])}` "
                                      "runs only in TRAIN): one Keras model serves every mode", missing[0])
        self.in_model = False
        optimizer = self.optimizer(spec["train_op"], train)
        metrics = self.metrics(paths[EVAL], output)
        self.in_model = True
        if paths[EVAL].spec is not None:
            eval_loss = self.spec_args(paths[EVAL]).get("loss")
            if eval_loss is None or self.loss(eval_loss, paths[EVAL]) != (loss_keras, output):
                raise NotTranslatable("the EVAL loss is not the TRAIN loss", eval_loss or paths[EVAL].spec)
        self.rank_one = self.is_rank_one(output, train)
        call_body = self.call_body(forward, output, train.batch_norm_updates)
        predict_body, is_dict = self.predict_body(paths[PREDICT], output, forward)
        if self.inner_names:
            inner = ", ".join(f'"{name}": {name}' for name in self.inner_names)
            call_body[-1:] = ["if with_inner:  # predict_step reads inner tensors of the model too",
                              f"    {call_body[-1]}, {{{inner}}}", call_body[-1]]
        source = self.render(class_name, make_name, call_body, predict_body, loss_keras, optimizer, metrics)
        return KerasModelCode(source, make_name, "params" in self.params, predict_body is not None, is_dict,
                              extra_args=self.extra_args, reads=self.reads, dropped=self.dropped(paths))

    def check_signature(self) -> None:
        p = self.fn.params
        if p.star_arg is not cst.MaybeSentinel.DEFAULT or p.star_kwarg or p.kwonly_params or p.posonly_params:
            raise NotTranslatable("model_fn takes *args or keyword-only parameters", self.fn.params)
        if self.fn.decorators or self.fn.asynchronous:
            raise NotTranslatable("model_fn is decorated or async", self.fn)
        unknown = [n for n in self.params if n not in MODEL_FN_PARAMS]
        if unknown or "features" not in self.params or "labels" not in self.params or "mode" not in self.params:
            raise NotTranslatable("model_fn parameters are not (features, labels, mode[, params, config])",
                                  self.fn.params)
        read = set().union(*(_names_used(n) for n in _walk(self.fn.body)
                             if isinstance(n, cst.BaseSmallStatement) and not self.is_unused_marker(n)))
        if "config" in self.params and "config" in read:
            raise NotTranslatable("model_fn reads its RunConfig `config`: Keras has no such argument", self.fn)

    # -- the paths ------------------------------------------------------------------------

    def path(self, mode: str) -> _Path:
        path = _Path(mode)
        if not isinstance(self.fn.body, cst.IndentedBlock):
            raise NotTranslatable("model_fn body is on one line", self.fn)
        self.mode_names = {}
        self.walk_block(self.fn.body.body, path, top=True)
        return path

    def walk_block(self, stmts: Sequence[cst.BaseStatement], path: _Path, top: bool = False) -> bool:
        """Append what `path.mode` runs of `stmts`; True once it returned."""
        for i, stmt in enumerate(stmts):
            if isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    if top and i == 0 and isinstance(small, cst.Expr) and isinstance(small.value, cst.SimpleString):
                        continue
                    if self.small(small, path):
                        return True
            elif isinstance(stmt, cst.If):
                if self.branch(stmt, path):
                    return True
            elif isinstance(stmt, cst.With) and self.is_control_dependencies(stmt):
                path.batch_norm_updates = True
                if self.walk_block(stmt.body.body, path):  # type: ignore[attr-defined]
                    return True
            elif isinstance(stmt, cst.With) and self.is_naming_scope(stmt):
                # A scope that only prefixes names: Keras layers are objects, not names.
                if self.walk_block(stmt.body.body, path):  # type: ignore[attr-defined]
                    return True
            elif isinstance(stmt, cst.For) and not stmt.orelse and not stmt.asynchronous:
                if any(isinstance(n, (cst.Return, cst.If, cst.Break, cst.Continue)) for n in _walk(stmt.body)):
                    raise NotTranslatable("a loop in model_fn branches or returns", stmt)
                path.steps.append(stmt)
            else:
                raise NotTranslatable("model_fn contains a compound statement with no clear Keras form", stmt)
        return False

    def dropped(self, paths: dict[str, _Path]) -> list[tuple[cst.CSTNode, str]]:
        """Summaries and export signatures: no effect on training, said so rather than lost."""
        out: list[tuple[cst.CSTNode, str]] = []
        for node in _walk(self.fn.body):
            if isinstance(node, cst.Call) and (self.name_of(node.func) or "").startswith("tf.summary."):
                out.append((node, f"`{self.name_of(node.func)}(...)` dropped: Keras writes its losses and metrics "
                                  "for TensorBoard through keras.callbacks.TensorBoard(log_dir) given to fit"))
        for path in paths.values():
            given = self.arguments(path.spec, SPEC_POSITIONAL) if path.spec is not None else {}
            for hooks in ("training_hooks", "evaluation_hooks"):
                if hooks in given and not any(n is given[hooks] for n, _ in out):
                    out.append((given[hooks], f"EstimatorSpec({hooks}=...) dropped: its hooks only logged tensors "
                                              "(Keras prints the loss and metrics itself)"))
            exports = given.get("export_outputs")
            if exports is not None and not _is_none(exports) and not any(n is exports for n, _ in out):
                out.append((exports, "EstimatorSpec(export_outputs=...) dropped: it only named the signatures of "
                                     "an exported SavedModel; give model.export() its signatures when exporting"))
        return out

    def only_logging_hooks(self, node: cst.BaseExpression, path: _Path) -> bool:
        """`training_hooks=[tf.train.LoggingTensorHook(...)]`: hooks that only printed tensors."""
        node = self.value(node, path)
        return isinstance(node, (cst.List, cst.Tuple)) and bool(node.elements) and all(
            isinstance(e, cst.Element) and isinstance(self.value(e.value, path), cst.Call)
            and self.name_of(self.value(e.value, path).func) in LOGGING_HOOK_NAMES  # type: ignore[union-attr]
            for e in node.elements)

    def is_unused_marker(self, small: cst.CSTNode) -> bool:
        """`del config` / `del params, mode`: a model_fn marking parameters it does not use."""
        if not isinstance(small, cst.Del):
            return False
        target = small.target
        names = [e.value for e in target.elements] if isinstance(target, cst.Tuple) else [target]
        return all(isinstance(n, cst.Name) and n.value in MODEL_FN_PARAMS - {"features"} for n in names)

    def is_naming_scope(self, stmt: cst.With) -> bool:
        """`with tf.variable_scope("tower"):` / `tf.name_scope(...)`, without reuse or getters."""
        if len(stmt.items) != 1 or stmt.items[0].asname is not None or stmt.asynchronous:
            return False
        item = stmt.items[0].item
        if not (isinstance(item, cst.Call) and self.name_of(item.func) in NAMING_SCOPES):
            return False
        keywords = {a.keyword.value for a in item.args if a.keyword is not None}
        positional = [a for a in item.args if a.keyword is None]
        # reuse / custom_getter / default_name shared or changed variables by name.
        return keywords <= {"name_or_scope", "name", "values"} and len(positional) <= 1

    def small(self, small: cst.BaseSmallStatement, path: _Path) -> bool:
        if isinstance(small, cst.Return) and isinstance(small.value, cst.Name):
            bound = self.binding(small.value.value, path, None)  # `spec = EstimatorSpec(...); return spec`
            if bound is not None and isinstance(bound.value, cst.Call) \
                    and self.name_of(bound.value.func) == ESTIMATOR_SPEC:
                path.spec = bound.value
                return True
        if isinstance(small, cst.Return):
            if not (isinstance(small.value, cst.Call) and self.name_of(small.value.func) == ESTIMATOR_SPEC):
                raise NotTranslatable("model_fn returns something other than `EstimatorSpec(...)`", small)
            path.spec = small.value
            return True
        if isinstance(small, (cst.Pass, cst.Assert)) or self.is_unused_marker(small):
            return False
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
            modes = self.condition(small.value)
            if modes is not None:
                self.mode_names[small.targets[0].target.value] = modes
        if isinstance(small, (cst.Assign, cst.Expr, cst.AugAssign, cst.AnnAssign)):
            path.steps.append(small)
            return False
        raise NotTranslatable(f"`{self.code(small)}` in model_fn has no clear Keras form", small)

    def branch(self, stmt: cst.If, path: _Path) -> bool:
        modes = self.condition(stmt.test)
        if modes is None and self.structural_if(stmt):
            path.steps.append(stmt)  # decided by hyperparameters: kept as it is, in __init__ and call
            return False
        if modes is None and self.plumbing_if(stmt):
            path.steps.append(stmt)  # `if isinstance(features, dict): ...`: Python at trace time, as in TF1
            return False
        if modes is None:
            raise NotTranslatable(f"model_fn branches on `{self.code(stmt.test)}`, which is not the mode: "
                                  "one Keras model has one structure", stmt)
        if path.mode in modes:
            return self.walk_block(stmt.body.body, path)  # type: ignore[attr-defined]
        orelse = stmt.orelse
        if isinstance(orelse, cst.If):
            return self.branch(orelse, path)
        if isinstance(orelse, cst.Else):
            return self.walk_block(orelse.body.body, path)  # type: ignore[attr-defined]
        return False

    def plumbing_if(self, stmt: cst.If) -> bool:
        """An `if` on the inputs' Python structure over plain assignments that create nothing:
        TF1 graph code could only test Python values, which Keras's call sees the same way."""
        if isinstance(stmt.orelse, cst.If) or "mode" in _names_used(stmt.test) or "labels" in _names_used(stmt):
            return False
        blocks = [stmt.body] + ([stmt.orelse.body] if isinstance(stmt.orelse, cst.Else) else [])
        for block in blocks:
            for inner in block.body:  # type: ignore[attr-defined]
                if not isinstance(inner, cst.SimpleStatementLine) or not all(
                        isinstance(small, cst.Assign) for small in inner.body):
                    return False
        for node in _walk(stmt):
            if isinstance(node, cst.Call):
                name = self.name_of(node.func) or ""
                if name.startswith(TF1_ONLY) or name in ("tf.get_variable",):
                    return False
        return True

    def structural_if(self, stmt: cst.If) -> bool:
        """`if params["deep"]: net = tf.layers.dense(net, ...)`: a test of hyperparameters
        alone, over plain statements, chooses the network's structure once."""
        blocks = [stmt.body]
        orelse = stmt.orelse
        if isinstance(orelse, cst.If):
            return False
        if isinstance(orelse, cst.Else):
            blocks.append(orelse.body)
        for block in blocks:
            for inner in block.body:  # type: ignore[attr-defined]
                if not isinstance(inner, cst.SimpleStatementLine) or not all(
                        isinstance(small, cst.Assign) for small in inner.body):
                    return False
        saved = self.in_model
        try:
            return "mode" not in _names_used(stmt.test) and self.check_static(stmt.test)
        finally:
            self.in_model = saved

    def condition(self, node: cst.BaseExpression) -> Optional[frozenset[str]]:
        """The modes in which `node` is true, if it tests only the mode."""
        if isinstance(node, cst.Name):
            if node.value in self.mode_names:
                return self.mode_names[node.value]
            return {"True": MODES, "False": frozenset()}.get(node.value)
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            inner = self.condition(node.expression)
            return None if inner is None else MODES - inner
        if isinstance(node, cst.BooleanOperation):
            left, right = self.condition(node.left), self.condition(node.right)
            if left is None or right is None:
                return None
            return left & right if isinstance(node.operator, cst.And) else left | right
        if isinstance(node, cst.Comparison) and len(node.comparisons) == 1:
            op, right = node.comparisons[0].operator, node.comparisons[0].comparator
            left = node.left
            if not self.is_mode(left):
                left, right = right, left
            if not self.is_mode(left):
                return None
            if isinstance(op, (cst.In, cst.NotIn)) and isinstance(right, (cst.Tuple, cst.List, cst.Set)):
                keys = {self.mode_key(e.value) for e in right.elements}
                if None in keys:
                    return None
                found = frozenset(keys)  # type: ignore[arg-type]
                return found if isinstance(op, cst.In) else MODES - found
            key = self.mode_key(right)
            if key is None:
                return None
            if isinstance(op, (cst.Equal, cst.Is)):
                return frozenset({key})
            if isinstance(op, (cst.NotEqual, cst.IsNot)):
                return MODES - {key}
        return None

    def is_mode(self, node: cst.CSTNode) -> bool:
        return isinstance(node, cst.Name) and node.value == "mode"

    def mode_key(self, node: cst.CSTNode) -> Optional[str]:
        if isinstance(node, cst.SimpleString):
            value = ast.literal_eval(node.value)
            return value if value in MODES else None
        return MODE_KEYS.get(self.name_of(node) or "")

    def is_control_dependencies(self, stmt: cst.With) -> bool:
        if len(stmt.items) != 1 or stmt.items[0].asname is not None:
            return False
        item = stmt.items[0].item
        return isinstance(item, cst.Call) and self.name_of(item.func) == "tf.control_dependencies" \
            and self.is_update_ops(item.args[0].value if item.args else None)

    def is_update_ops(self, node: Optional[cst.CSTNode], path: Optional[_Path] = None) -> bool:
        if node is None:
            return False
        return any(self.name_of(n) == UPDATE_OPS for n in _walk(node)) or (
            isinstance(node, cst.Name) and node.value in self.update_ops_names())

    def update_ops_names(self) -> set[str]:
        names = set()
        for node in _walk(self.fn.body):
            if isinstance(node, cst.Assign) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name) \
                    and any(self.name_of(n) == UPDATE_OPS for n in _walk(node.value)):
                names.add(node.targets[0].target.value)
        return names

    # -- values along a path ----------------------------------------------------------------

    def spec_args(self, path: _Path) -> dict[str, cst.BaseExpression]:
        if path.spec is None:
            return {}
        given = self.arguments(path.spec, SPEC_POSITIONAL)
        mode = given.pop("mode", None)
        if mode is None:
            raise NotTranslatable("EstimatorSpec has no mode", path.spec)
        for hooks in ("training_hooks", "evaluation_hooks", "training_chief_hooks", "prediction_hooks"):
            if hooks in given and self.only_logging_hooks(given[hooks], path):
                given.pop(hooks)  # reported as dropped (TFM220) with the model's other left-outs
                continue
            if hooks in given and not _is_none(given[hooks]):
                raise NotTranslatable(f"EstimatorSpec({hooks}=...): session hooks have no automatic Keras form; "
                                      "rewrite them as Keras callbacks by hand", given[hooks], "hooks")
        for other in ("scaffold",):
            if other in given:
                raise NotTranslatable(f"EstimatorSpec({other}=...) has no Keras form", given[other])
        return {k: v for k, v in given.items() if not _is_none(v)}

    def arguments(self, call: cst.Call, order: Sequence[str]) -> dict[str, cst.BaseExpression]:
        given: dict[str, cst.BaseExpression] = {}
        for i, arg in enumerate(call.args):
            if arg.star:
                raise NotTranslatable(f"`{self.code(call)}` unpacks arguments", call)
            if arg.keyword is not None:
                given[arg.keyword.value] = arg.value
            elif i < len(order):
                given[order[i]] = arg.value
            else:
                raise NotTranslatable(f"`{self.code(call)}`: too many positional arguments", call)
        return given

    def value(self, node: cst.BaseExpression, path: _Path, before: Optional[cst.CSTNode] = None
              ) -> cst.BaseExpression:
        """`node`, with a name replaced by what the path last bound it to before the
        statement `node` sits in (`loss = tf.identity(loss)` reads the earlier `loss`)."""
        seen = 0
        while isinstance(node, cst.Name) and seen < 50:
            bound = self.binding(node.value, path, before if before is not None else self.origin.get(id(node)))
            if bound is None:
                return node
            for sub in _walk(bound.value):
                self.origin.setdefault(id(sub), bound)
            before = bound
            node = bound.value  # type: ignore[union-attr]
            seen += 1
        return node

    def binding(self, name: str, path: _Path, before: Optional[cst.CSTNode]) -> Optional[cst.Assign]:
        steps = path.steps
        if before is not None:
            for i, step in enumerate(steps):
                if step is before:
                    steps = steps[:i]
                    break
        for step in reversed(steps):
            if name in _targets(step):
                if isinstance(step, cst.Assign) and len(step.targets) == 1 \
                        and isinstance(step.targets[0].target, cst.Name):
                    return step
                raise NotTranslatable(f"`{name}` is bound in a way tfmigrate cannot follow: `{self.code(step)}`",
                                      step)
        return None

    def unwrap_identity(self, node: cst.BaseExpression, path: _Path) -> cst.BaseExpression:
        node = self.value(node, path)
        while isinstance(node, cst.Call) and self.name_of(node.func) == "tf.identity" and node.args:
            node = self.value(node.args[0].value, path)
        return node

    def is_labels(self, node: Optional[cst.BaseExpression], path: _Path) -> bool:
        if node is None:
            return False
        node = self.value(node, path)
        while isinstance(node, cst.Call) and self.name_of(node.func) in LABEL_WRAPPERS and node.args:
            node = self.value(node.args[0].value, path)
        return isinstance(node, cst.Name) and node.value == "labels"

    def is_one_hot_labels(self, node: Optional[cst.BaseExpression], path: _Path) -> bool:
        node = self.value(node, path) if node is not None else None
        return isinstance(node, cst.Call) and self.name_of(node.func) == "tf.one_hot" and bool(node.args) \
            and self.is_labels(node.args[0].value, path)

    # -- loss --------------------------------------------------------------------------------

    def loss(self, node: cst.BaseExpression, path: _Path) -> tuple[str, str]:
        """(Keras loss, the model output expression as source)."""
        call = self.unwrap_identity(node, path)
        terms = self.sum_terms(call, path)
        if len(terms) > 1:
            # `loss + tf.losses.get_regularization_loss()`: the layers' regularizers count;
            # Keras adds a model's regularization losses to its loss itself. `loss + s *
            # tf.nn.l2_loss(w)` on a tf.get_variable becomes that weight's regularizer.
            extras = [t for t in terms if self.is_regularization_loss(t, path) or self.variable_l2(t, path, False)]
            bases = [t for t in terms if not any(t is e for e in extras)]
            if len(bases) == 1:
                for extra in extras:
                    if self.is_regularization_loss(extra, path):
                        self.regularized = True
                    else:
                        self.variable_l2(extra, path, True)
                return self.loss(bases[0], path)
        name = self.name_of(call.func) if isinstance(call, cst.Call) else None
        assert name is None or isinstance(call, cst.Call)
        if name == "tf.reduce_mean" and isinstance(call, cst.Call) and len(call.args) == 1 + any(
                a.keyword is not None and a.keyword.value == "name" for a in call.args):
            inner = self.value(call.args[0].value, path)
            if isinstance(inner, cst.Call) and self.name_of(inner.func) in NN_LOSSES:
                return self.nn_loss(inner, path)
        form = LOSSES.get(name or "")
        if form is None and not name in NN_LOSSES and not (name or "").startswith("tf.losses."):
            custom = self.custom_loss(call, path)
            if custom is not None:
                return custom
        if form is None or not isinstance(call, cst.Call):
            raise NotTranslatable(f"loss `{self.code(call)}` has no checked Keras loss (checked: tf.losses "
                                  "mean_squared_error, absolute_difference, huber_loss, softmax/sparse_softmax/"
                                  "sigmoid_cross_entropy, and tf.reduce_mean of tf.nn *_with_logits)", call)
        order = (form.label_arg, form.output_arg, *LOSS_POSITIONAL_TAIL.get(name or "", ("weights",)))
        given = self.arguments(call, order)
        labels = given.pop(form.label_arg, None)
        if not (self.is_labels(labels, path)
                or form.keras == "CategoricalCrossentropy" and self.is_one_hot_labels(labels, path)):
            raise NotTranslatable(f"`{self.code(call)}`: {form.label_arg} is not the model_fn's labels", call)
        output = given.pop(form.output_arg, None)
        if output is None:
            raise NotTranslatable(f"`{self.code(call)}` has no {form.output_arg}", call)
        reduction = given.pop("reduction", None)
        if reduction is not None and self.name_of(reduction) not in MEAN_REDUCTIONS:
            raise NotTranslatable(f"`{self.code(call)}`: this reduction has no equal Keras form", reduction)
        given.pop("scope", None)
        given.pop("loss_collection", None)
        weights = given.pop("weights", None)
        if weights is not None and not (isinstance(weights, (cst.Float, cst.Integer))
                                        and float(weights.value) == 1.0):
            raise NotTranslatable(f"`{self.code(call)}`: weights change what the loss averages over", weights)
        parts = ["from_logits=True"] if form.from_logits else []
        for key in form.extra:
            if key in given:
                parts.append(f"{key}={self.static(given.pop(key))}")
        if given:
            raise NotTranslatable(f"`{self.code(call)}`: {', '.join(sorted(given))} has no automatic Keras form", call)
        keras = form.keras
        if keras == "CategoricalCrossentropy" and not any(p.startswith("label_smoothing") for p in parts):
            keras = self.one_hot_to_sparse(keras, labels, path)
        elif keras == "CategoricalCrossentropy" and self.is_one_hot_labels(labels, path):
            # Keras's sparse loss has no label_smoothing and the dataset's labels are ids: its
            # categorical loss takes the one-hot labels, per example (Keras averages them, on
            # any number of replicas). Keras hands the loss float labels, maybe as (batch, 1).
            one_hot = self.value(labels, path)
            spec = self.arguments(one_hot, ("indices", "depth", "name"))  # type: ignore[arg-type]
            spec.pop("name", None)
            if set(spec) != {"indices", "depth"}:
                raise NotTranslatable(f"`{self.code(one_hot)}`: only tf.one_hot(labels, depth) is checked", one_hot)
            options = ", ".join(["from_logits=True"] * form.from_logits + [p for p in parts if p.startswith("label")])
            tf = self.tf
            return (f"lambda y_true, y_pred: {tf}.keras.losses.categorical_crossentropy({tf}.one_hot({tf}.cast("
                    f"{tf}.reshape(y_true, [-1]), {tf}.int32), {self.static(spec['depth'])}), y_pred, {options})",
                    self.output(output, path))
        return f"{keras}({', '.join(parts)})", self.output(output, path)

    def custom_loss(self, node: cst.BaseExpression, path: _Path) -> Optional[tuple[str, str]]:
        """A loss the model_fn writes with TF ops (`tf.reduce_mean(tf.square(output - labels))`):
        the same expression, of the labels and the one model output it reads, becomes the
        model's compute_loss. None when it reads anything else."""
        outputs: set[str] = set()

        def leaves(expr: cst.BaseExpression, depth: int) -> bool:
            if depth > 30:
                return False
            for sub in _walk(expr):
                if isinstance(sub, cst.Call):
                    callee = self.name_of(sub.func) or ""
                    if not callee.startswith("tf.") or callee.startswith(TF1_ONLY + TF1_GRAPH_OPS):
                        return False
                if not isinstance(sub, cst.Name) or sub.value in ("labels",):
                    continue
                bound = self.binding(sub.value, path, self.origin.get(id(sub)))
                if bound is None:
                    continue
                for inner in _walk(bound.value):
                    self.origin.setdefault(id(inner), bound)
                value_calls = [self.name_of(c.func) or "" for c in _walk(bound.value) if isinstance(c, cst.Call)]
                made_by_model = "features" in _names_used(bound.value) or any(
                    c.startswith(("tf.layers.", *KERAS_LAYER_MODULES)) or c == "tf.get_variable" for c in value_calls)
                if made_by_model or not leaves(bound.value, depth + 1):
                    outputs.add(sub.value)
            return True

        if not leaves(node, 0) or len(outputs) != 1 or self.regularized or self.variable_scales:
            return None
        output = next(iter(outputs))
        if "labels" in _names_used(cst.parse_expression(output)):
            return None
        self.metric_output = "y_pred"
        try:
            body = self.as_metric_function(node, path, output, 0)
        except NotTranslatable:
            return None
        return f"compute_loss:{body}", output

    def sum_terms(self, node: cst.BaseExpression, path: _Path) -> list[cst.BaseExpression]:
        """The terms of `a + b`, `tf.add(a, b)` and `tf.add_n([a, b])`, flattened."""
        node = self.unwrap_identity(node, path)
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
            return self.sum_terms(node.left, path) + self.sum_terms(node.right, path)
        name = self.name_of(node.func) if isinstance(node, cst.Call) else None
        if isinstance(node, cst.Call) and name in ("tf.add", "tf.math.add"):
            given = self.arguments(node, ("x", "y", "name"))
            if set(given) - {"name"} == {"x", "y"}:
                return self.sum_terms(given["x"], path) + self.sum_terms(given["y"], path)
        if isinstance(node, cst.Call) and name in ("tf.add_n", "tf.math.add_n"):
            given = self.arguments(node, ("inputs", "name"))
            items = self.value(given["inputs"], path) if "inputs" in given else None
            if isinstance(items, (cst.List, cst.Tuple)) and all(isinstance(e, cst.Element) for e in items.elements):
                return [t for e in items.elements for t in self.sum_terms(e.value, path)]
        return [node]

    def variable_l2(self, node: cst.BaseExpression, path: _Path, record: bool) -> bool:
        """`s * tf.nn.l2_loss(w)` (either order, s static, or no s) on a weight the model_fn made
        with tf.get_variable: Keras's L2(s / 2) on that weight adds the same (l2_loss is sum(w²) / 2)."""
        node = self.unwrap_identity(node, path)
        scale = "1.0"
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Multiply):
            for factor, other in ((node.left, node.right), (node.right, node.left)):
                if self.check_static(factor) and not _names_used(factor) & {"features", "labels"}:
                    scale, node = self.code(factor), self.value(other, path)
                    break
            else:
                return False
        if not (isinstance(node, cst.Call) and self.name_of(node.func) in ("tf.nn.l2_loss",) and len(node.args) == 1):
            return False
        weight = self.value(node.args[0].value, path)
        if not (isinstance(weight, cst.Call) and self.name_of(weight.func) == "tf.get_variable"):
            return False
        if record:  # keyed by the term too: the EVAL path reads the same loss again
            self.variable_scales.setdefault(id(weight), {})[id(node)] = scale
        return True

    def is_regularization_loss(self, node: cst.BaseExpression, path: _Path) -> bool:
        node = self.value(node, path)
        if not isinstance(node, cst.Call):
            return False
        name = self.name_of(node.func)
        if name in ("tf.losses.get_regularization_loss",) and not node.args:
            return True
        # tf.add_n(tf.get_collection(tf.GraphKeys.REGULARIZATION_LOSSES))
        return name == "tf.add_n" and len(node.args) == 1 and any(
            self.name_of(n) == "tf.GraphKeys.REGULARIZATION_LOSSES" for n in _walk(node.args[0].value))

    def regularizer(self, node: cst.BaseExpression) -> Optional[str]:
        """A layer's TF1 regularizer as Keras's: TF1's l2_regularizer(s) added s * sum(w^2) / 2
        (tf.nn.l2_loss), Keras's L2(l) adds l * sum(w^2)."""
        if _is_none(node):
            return None
        if isinstance(node, cst.Name) and self.single_static_binding(node.value) is not None:
            # `regularizer = tf.keras.regularizers.l2(params["l2"])` in the model_fn
            bound = self.single_static_binding(node.value)
            if isinstance(bound, cst.Call) and self.check_static(bound):
                self.consumed.add(node.value)
                return self.regularizer(bound)
        if isinstance(node, cst.Name) and self.module_binding is not None:
            bound = self.module_binding(node)
            bound_name = self.name_of(bound.func) if isinstance(bound, cst.Call) else None
            if bound_name and bound_name.startswith(("tf.keras.regularizers.", "keras.regularizers.")):
                return self.code(node)
            raise NotTranslatable(f"regularizer `{node.value}` is bound where tfmigrate cannot rewrite it (a "
                                  "tf.contrib regularizer there would fail on TF 2): write it in the layer call", node)
        name = self.name_of(node.func) if isinstance(node, cst.Call) else None
        if name in ("tf.contrib.layers.l2_regularizer", "tf.contrib.layers.l1_regularizer") \
                and isinstance(node, cst.Call) and len(node.args) == 1 and node.args[0].keyword is None:
            scale = self.static(node.args[0].value)
            if name.endswith("l2_regularizer"):
                return f"{self.tf}.keras.regularizers.L2(0.5 * {scale})"
            return f"{self.tf}.keras.regularizers.L1({scale})"
        if name and name.startswith(("tf.keras.regularizers.", "keras.regularizers.")):
            return self.code(node)
        raise NotTranslatable(f"regularizer `{self.code(node)}` has no checked Keras form", node)

    def nn_loss(self, inner: cst.Call, path: _Path) -> tuple[str, str]:
        """A tf.nn `*_with_logits` op: per-example losses that the caller averages."""
        keras, _ = NN_LOSSES[self.name_of(inner.func) or ""]
        given = self.arguments(inner, ("_sentinel", "labels", "logits"))
        labels, logits = given.pop("labels", None), given.pop("logits", None)
        given.pop("name", None)
        if given or logits is None or not (self.is_labels(labels, path) or self.is_one_hot_labels(labels, path)):
            raise NotTranslatable(f"`{self.code(inner)}`: not (labels, logits) of the model_fn", inner)
        keras = self.one_hot_to_sparse(keras, labels, path)
        return f"{keras}(from_logits=True)", self.output(logits, path)

    def one_hot_to_sparse(self, keras: str, labels: Optional[cst.BaseExpression], path: _Path) -> str:
        """softmax cross-entropy on `tf.one_hot(labels, n)` is the sparse loss on `labels`."""
        node = self.value(labels, path) if labels is not None else None
        if isinstance(node, cst.Call) and self.name_of(node.func) == "tf.one_hot" and node.args \
                and self.is_labels(node.args[0].value, path):
            return "SparseCategoricalCrossentropy"
        if keras == "CategoricalCrossentropy" and not self.is_labels(labels, path):
            raise NotTranslatable("categorical cross-entropy on labels that are neither the dataset's labels nor "
                                  "`tf.one_hot(labels, n)`; migrate by hand", labels or self.fn)
        # The dataset's own labels: TF1 insisted they had the logits' shape, so they are one-hot
        # (or soft) rows already, which Keras's categorical loss takes as they are.
        return keras

    def output(self, node: cst.BaseExpression, path: _Path) -> str:
        """The model output: a name the forward pass binds (or an expression of such names)."""
        if "labels" in _names_used(node):
            raise NotTranslatable(f"the model output `{self.code(node)}` depends on labels", node)
        return self.code(node)

    # -- the forward pass ---------------------------------------------------------------------

    def forward(self, output: str, path: _Path) -> list[cst.CSTNode]:
        needed = _names_used(cst.parse_expression(output))
        chosen: list[cst.CSTNode] = []
        for step in reversed(path.steps):
            bound = _targets(step)
            if bound & needed:
                chosen.append(step)
                needed |= _names_used(step.value if isinstance(step, cst.Assign) else step)  # type: ignore[arg-type]
                if isinstance(step, cst.For):
                    needed -= _targets(step.target)
        if "labels" in needed:
            raise NotTranslatable("the model output depends on labels", path.spec or self.fn)
        chosen.reverse()
        for step in chosen:
            if isinstance(step, (cst.AugAssign, cst.Expr)):
                raise NotTranslatable(f"`{self.code(step)}` in the forward pass has no clear Keras form", step)
        return chosen

    def without_consumed(self, body: list[str]) -> list[str]:
        """Drop `init = <initializer>` lines whose name the rewritten layers no longer read."""
        out = list(body)
        for name in self.consumed:
            pattern = re.compile(rf"^{re.escape(name)} = ")
            rest = [line for line in out if not pattern.match(line)]
            if not any(re.search(rf"\b{re.escape(name)}\b", line) for line in rest):
                out = rest
        return out

    def is_rank_one(self, output: str, path: _Path) -> bool:
        """Is the model output visibly a (batch,) tensor: `x[:, 0]`, `tf.squeeze(x)`, `tf.reshape(x, [-1])`?"""
        node = self.value(cst.parse_expression(output), path) if output.isidentifier() else cst.parse_expression(output)
        if isinstance(node, cst.Subscript) and len(node.slice) == 2 and isinstance(node.slice[1].slice, cst.Index) \
                and isinstance(node.slice[1].slice.value, cst.Integer):
            return True
        name = self.name_of(node.func) if isinstance(node, cst.Call) else None
        if name in ("tf.squeeze", "tf.reshape") and isinstance(node, cst.Call):
            if name == "tf.reshape":
                shape = node.args[1].value if len(node.args) > 1 else None
                return isinstance(shape, (cst.List, cst.Tuple)) and len(shape.elements) == 1
            return True
        return False

    def call_body(self, forward: list[cst.CSTNode], output: str, batch_norm_updates: bool) -> list[str]:
        lines: list[str] = []
        counters: dict[str, int] = {}
        for step in forward:
            if isinstance(step, cst.Assign) and len(step.targets) == 1 and isinstance(step.targets[0].target, cst.Name) \
                    and step.targets[0].target.value in self.mode_names:
                continue  # `is_training = mode == TRAIN`: uses read Keras's `training` instead
            if isinstance(step, cst.For):
                lines += self.loop(step, counters, batch_norm_updates)
            elif isinstance(step, cst.If):
                lines += self.structure(step, counters, batch_norm_updates)
            else:
                new = self.rewrite_layers(step, counters, batch_norm_updates, loop=None)
                lines += self.pending
                self.pending = []
                lines.append(self.code(new) if not isinstance(new, str) else new)
        if self.rank_one:
            # A (batch,) output: Keras losses reduce the last axis, which would leave one scalar
            # per replica that Keras does not scale (SEMANTICS); (batch, 1) keeps one loss per
            # example. predict_step takes the axis off again.
            lines.append(f"return {self.tf}.expand_dims({output}, -1)")
        else:
            lines.append(f"return {output}")
        return lines

    def loop(self, step: cst.For, counters: dict[str, int], bn: bool) -> list[str]:
        body = step.body
        inner: list[cst.BaseSmallStatement] = []
        for stmt in body.body:  # type: ignore[attr-defined]
            if not isinstance(stmt, cst.SimpleStatementLine):
                raise NotTranslatable("a loop of the forward pass holds compound statements", stmt)
            inner += list(stmt.body)
        loop_layers: list[str] = []
        rendered = [self.rewrite_layers(s, counters, bn, loop=loop_layers) for s in inner]
        target, iterable = self.code(step.target), self.code(step.iter)
        static = self.check_static(step.iter)
        if not static:
            raise NotTranslatable(f"the loop over `{iterable}` depends on tensors: its layers cannot be created "
                                  "once in __init__", step)
        init = [f"self.{attr} = []" for attr, _ in self.loop_attrs]
        init.append(f"for {target} in {iterable}:")
        init += [f"    self.{attr}.append({ctor})" for attr, ctor in self.loop_attrs]
        if self.loop_attrs:
            self.init_lines += init
        locals_ = [local for _, local in self.loop_locals]
        if locals_:
            head = f"for {self.paren(step.target)}, {', '.join(locals_)} in zip({iterable}, " \
                   f"{', '.join('self.' + a for a, _ in self.loop_attrs)}):"
        else:
            head = f"for {target} in {iterable}:"
        self.loop_attrs, self.loop_locals = [], []
        return [head] + ["    " + (self.code(r) if not isinstance(r, str) else r) for r in rendered]

    def structure(self, step: cst.If, counters: dict[str, int], bn: bool) -> list[str]:
        """The same `if params[...]` in __init__ (which layers exist) and in call (which run)."""
        static = self.check_static(step.test)
        test = self.code(step.test)
        out: list[str] = []
        init: list[str] = []
        for head, block in ((f"if {test}:", step.body),
                            *((("else:", step.orelse.body),) if isinstance(step.orelse, cst.Else) else ())):
            before = len(self.init_lines)
            body = []
            for stmt in block.body:  # type: ignore[attr-defined]
                for small in stmt.body:
                    new = self.rewrite_layers(small, counters, bn, loop=None)
                    body += self.pending
                    self.pending = []
                    body.append(self.code(new))
            created = self.init_lines[before:]
            del self.init_lines[before:]
            if created and not static:
                raise NotTranslatable(f"layers created under `{test}`, which is not a hyperparameter", step)
            init += [head] + ["    " + line for line in created or ["pass"]]
            out += [head] + ["    " + line for line in body]
        if static and any(not line.startswith(("if ", "else:", "    pass")) for line in init):
            self.init_lines += init
        return out

    def paren(self, target: cst.BaseExpression) -> str:
        text = self.code(target)
        return f"({text})" if isinstance(target, cst.Tuple) and not target.lpar else text

    def check_static(self, node: cst.BaseExpression) -> bool:
        """Does `node` depend only on params, literals and module-level names?"""
        local = set(self.params) - {"params"}
        assigned = set()
        for sub in _walk(self.fn.body):
            if isinstance(sub, cst.AssignTarget):
                assigned |= {n.value for n in _walk(sub.target) if isinstance(n, cst.Name)}
        used = _names_used(node)
        if used & local:
            return False
        for name in used & assigned:
            binding = self.single_static_binding(name)
            if binding is None or not self.check_static(binding):
                return False
            self.static_locals.setdefault(name, self.code(binding))
        if "params" in used and self.in_model:
            self.uses_params = True
        return True

    def single_static_binding(self, name: str) -> Optional[cst.BaseExpression]:
        found = [s for s in _walk(self.fn.body) if isinstance(s, cst.Assign) and len(s.targets) == 1
                 and isinstance(s.targets[0].target, cst.Name) and s.targets[0].target.value == name]
        others = [s for s in _walk(self.fn.body) if isinstance(s, (cst.AugAssign, cst.For, cst.AnnAssign))
                  and name in _targets(s)]
        if len(found) != 1 or others:
            return None
        return found[0].value

    def static(self, node: cst.BaseExpression) -> str:
        if not self.check_static(node):
            raise NotTranslatable(f"`{self.code(node)}` is computed from tensors in model_fn", node)
        return self.code(node)

    def rewrite_layers(self, step: cst.CSTNode, counters: dict[str, int], bn: bool,
                       loop: Optional[list[str]]) -> cst.CSTNode:
        return step.visit(_LayerRewriter(self, counters, bn, loop is not None))

    def training_text(self, node: cst.BaseExpression) -> str:
        modes = self.condition(node)
        if modes == frozenset({TRAIN}):
            return "training"
        if modes == frozenset({EVAL, PREDICT}):
            return "not training"
        if modes in (MODES, frozenset()):
            return "True" if modes else "False"
        raise NotTranslatable(f"`{self.code(node)}` tells EVAL from PREDICT inside the model: Keras only knows "
                              "training or not", node)

    def check_no_tf1_left(self, step: cst.CSTNode) -> None:
        for node in _walk(step):
            if isinstance(node, cst.Call):
                self.no_tf1(node)

    def no_tf1(self, call: cst.Call) -> None:
        name = self.name_of(call.func) or ""
        if name.startswith(TF1_ONLY + TF1_GRAPH_OPS):
            raise NotTranslatable(f"`{name}` in the model has no automatic Keras form (migrate that part by hand)",
                                  call)
        helper = self.module_binding(call.func) if isinstance(call.func, cst.Name) and self.module_binding else None
        if isinstance(helper, cst.FunctionDef):
            inner = self.tf1_inside(helper, set())
            if inner is not None:
                # Copied into call() as it is, the helper would fail on TF 2 (no tf.layers in Keras 3).
                raise NotTranslatable(f"`{call.func.value}(...)` builds its part of the model with `{inner}`: "  # type: ignore[attr-defined]
                                      "tfmigrate does not follow the model_fn's helpers; inline it or migrate it "
                                      "by hand", call)

    def tf1_inside(self, fn: cst.FunctionDef, seen: set[str]) -> Optional[str]:
        """The first TF1-only API a helper of the model_fn (or a helper it calls) uses."""
        if fn.name.value in seen or len(seen) > 8:
            return None
        seen.add(fn.name.value)
        for node in _walk(fn.body):
            if not isinstance(node, cst.Call):
                continue
            name = self.name_of(node.func) or ""
            if name.startswith(TF1_ONLY + TF1_GRAPH_OPS):
                return name
            if isinstance(node.func, cst.Name) and self.module_binding is not None:
                bound = self.module_binding(node.func)
                if isinstance(bound, cst.FunctionDef):
                    found = self.tf1_inside(bound, seen)
                    if found is not None:
                        return found
        return None

    def layer_call(self, call: cst.Call, updated: cst.Call, counters: dict[str, int], bn: bool,
                   in_loop: bool, bound_to: Optional[str] = None) -> Optional[cst.CSTNode]:
        """The Keras call for a tf.layers call (`call` the original node, `updated` with its
        arguments already rewritten), creating the layer in __init__. `bound_to`: the name a
        layer object made here is assigned to (`dense = tf.layers.Dense(3)`), called later."""
        name = self.name_of(call.func) or ""
        outer = self.name_of(call.func.func) if isinstance(call.func, cst.Call) else None
        if name in INPUT_LAYERS or outer in DENSE_FEATURES:
            return self.input_layer(call, in_loop)
        if name == "tf.get_variable":
            return self.variable(call, in_loop)
        kind = None
        ctor_args: Sequence[cst.Arg] = ()
        inputs: Optional[cst.BaseExpression] = None
        training: Optional[cst.BaseExpression] = None
        if name.startswith("tf.layers.") and name[len("tf.layers."):] in LAYERS:
            kind = name[len("tf.layers."):]
            if not call.args or (call.args[0].keyword is not None and call.args[0].keyword.value != "inputs"):
                raise NotTranslatable(f"`{self.code(call)}`: inputs not given first", call)
            inputs = updated.args[0].value
            ctor_args = call.args[1:]
        elif bound_to is not None and not isinstance(call.func, cst.Call) \
                and name.startswith(("tf.layers.", *KERAS_LAYER_MODULES)) \
                and name.rsplit(".", 1)[-1] in LAYER_CLASSES and not in_loop \
                and not (name.startswith("tf.layers.") and LAYER_CLASSES[name.rsplit(".", 1)[-1]] in KERAS_ONLY_KINDS):
            kind = LAYER_CLASSES[name.rsplit(".", 1)[-1]]
            ctor_args = call.args
            uses = [n for n in _walk(self.fn.body) if isinstance(n, cst.Call) and isinstance(n.func, cst.Name)
                    and n.func.value == bound_to]
            calls = sum(1 for n in _walk(self.fn.body) if isinstance(n, cst.Name) and n.value == bound_to) - 1
            if not uses or len(uses) != calls:
                raise NotTranslatable(f"`{bound_to} = {self.code(call)}` is used other than by calling it here "
                                      "(passed on or stored): tfmigrate cannot follow the layer", call)
            if kind in TRAINING_LAYERS and not all(
                    any(a.keyword is not None and a.keyword.value == "training" for a in u.args) for u in uses):
                raise NotTranslatable(f"`{bound_to} = {self.code(call)}` is called without `training=`: TF1 ran it "
                                      "in inference mode, a Keras model passes its own flag", call)
            training = cst.Name("True")  # given at each call (checked above)
        elif isinstance(call.func, cst.Call):
            cls = self.name_of(call.func.func) or ""
            short = cls.rsplit(".", 1)[-1]
            if cls.startswith(("tf.layers.", *KERAS_LAYER_MODULES)) and short in LAYER_CLASSES \
                    and not (cls.startswith("tf.layers.") and LAYER_CLASSES[short] in KERAS_ONLY_KINDS):
                kind = LAYER_CLASSES[short]
                ctor_args = call.func.args
                given = self.arguments(updated, ("inputs", "training"))
                inputs = given.pop("inputs", None)
                given.pop("training", None)
                # the mode test as written: `updated` holds it already rewritten to `training`
                training = self.arguments(call, ("inputs", "training")).get("training")
                if inputs is None or given:
                    raise NotTranslatable(f"`{self.code(call)}`: layer called with other arguments", call)
        if kind is None:
            if name.startswith("tf.layers."):
                raise NotTranslatable(f"`{name}` has no checked Keras layer here", call)
            cls = (self.name_of(call.func.func) or "") if isinstance(call.func, cst.Call) else name
            if cls.startswith(KERAS_LAYER_MODULES) and cls.rsplit(".", 1)[-1][:1].isupper():
                # Left in call(), a layer would be made again at every step, with new weights.
                raise NotTranslatable(f"`{cls}` made inside the model_fn has no checked Keras form here "
                                      "(create it in the model's __init__ by hand)", call)
            self.no_tf1(call)
            return None
        form = LAYERS[kind]
        parts: list[str] = []
        for i, arg in enumerate(ctor_args):
            if arg.star:
                raise NotTranslatable(f"`{self.code(call)}` unpacks arguments", call)
            key = arg.keyword.value if arg.keyword else (form.positional[i] if i < len(form.positional) else None)
            if key == "training":
                training = arg.value
                continue
            if key in LAYER_IGNORED:
                continue
            if key not in form.keep:
                raise NotTranslatable(f"`{self.code(call)}`: argument {key or i} has no automatic Keras form "
                                      "(initializers, regularizers and the like: migrate by hand)", arg)
            if key == "activation":
                text = self.activation(arg.value)
                if text is not None:
                    parts.append(f"activation={text}")
                continue
            if key in ("kernel_regularizer", "bias_regularizer"):
                # TF1 counted a regularizer only where the loss added get_regularization_loss().
                text = self.regularizer(arg.value) if self.regularized else None
                if text is not None:
                    parts.append(f"{key}={text}")
                continue
            if key in ("kernel_initializer", "bias_initializer", "depthwise_initializer", "pointwise_initializer",
                       "embeddings_initializer"):
                if not _is_none(arg.value):
                    parts.append(f"{key}={self.initializer(arg.value)}")
                continue
            parts.append(f"{key}={self.static(arg.value)}")
        keras = form.keras
        # tf.keras's BatchNormalization in a TF1 model_fn never updated its moving statistics,
        # UPDATE_OPS or not: its updates joined no collection (checked on TF 2.15).
        keras_class = isinstance(call.func, cst.Call) and (self.name_of(call.func.func) or "").startswith(
            KERAS_LAYER_MODULES)
        if kind == "batch_normalization":
            if training is not None and not (isinstance(training, cst.Name) and training.value == "False") \
                    and (not bn or keras_class):
                # TF1 updated the moving statistics only through UPDATE_OPS, which this
                # model_fn never ran: momentum 1 keeps them where they started.
                parts = [p for p in parts if not p.startswith("momentum=")] + ["momentum=1.0"]
        if kind == "dropout" and training is None:
            # tf.layers.dropout defaults to training=False: the identity (SEMANTICS).
            return inputs.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()]) \
                if isinstance(inputs, (cst.BinaryOperation, cst.BooleanOperation)) else inputs
        counters[kind] = counters.get(kind, 0) + 1
        attr = self.attribute(kind)
        ctor = f"{self.tf}.keras.layers.{keras}({', '.join(parts)})"
        if bound_to is not None and inputs is None:
            # `dense = tf.layers.Dense(3)` then `dense(x)`: the object is made once in __init__.
            self.init_lines.append(f"self.{attr} = {ctor}")
            return cst.parse_expression(f"self.{attr}")
        if in_loop:
            local = f"{attr}_layer"
            self.loop_attrs = [*self.loop_attrs, (attr, ctor)]
            self.loop_locals = [*self.loop_locals, (attr, local)]
            callee = local
        else:
            self.init_lines.append(f"self.{attr} = {ctor}")
            callee = f"self.{attr}"
        args = [self.code(inputs)]  # type: ignore[arg-type]
        if kind in TRAINING_LAYERS:
            args.append("training=" + ("False" if training is None else self.training_arg(training)))
        # `training` inside a layer's own arguments was already rewritten by the transformer.
        return cst.parse_expression(f"{callee}({', '.join(args)})")

    def input_layer(self, call: cst.Call, in_loop: bool) -> cst.BaseExpression:
        """`input_layer(features, columns)`: the columns' Keras preprocessing, made in __init__."""
        from tfmigrate.codemods._feature_columns import translate_input_layer

        if in_loop or self.module_binding is None:
            raise NotTranslatable("feature columns inside a loop of the model_fn", call)
        holder = call.func if isinstance(call.func, cst.Call) else call
        position = 0 if holder is call.func else 1
        args = list(holder.args)
        index = next((i for i, a in enumerate(args) if a.keyword and a.keyword.value == "feature_columns"),
                     position if len(args) > position and args[position].keyword is None else None)
        if index is None:
            raise NotTranslatable("input_layer without feature_columns", call)
        columns = self.columns_value(args[index].value)
        args[index] = args[index].with_changes(value=columns)
        new_holder = holder.with_changes(args=args)
        resolved = call.with_changes(func=new_holder) if holder is call.func else new_holder
        features = call.args[0].value if holder is call.func else call.args[0].value
        if not (isinstance(features, cst.Name) and features.value == "features"):
            raise NotTranslatable("input_layer on something other than the model_fn's features", call)
        layer = translate_input_layer(resolved, self.name_of, self.code, self.module_binding,
                                      parent=self.module_parent, params=self.key_params)
        if layer.edits:
            raise NotTranslatable("these feature columns need edits at their definition", call)
        for param, source in layer.init_args:
            if param not in dict(self.extra_args):
                self.extra_args.append((param, source))
        self.reads |= set(layer.reads)
        fill = (lambda text: text.replace("{keras}", f"{self.tf}.keras").replace("{tf}", self.tf))
        self.init_lines += [fill(line) for line in layer.init]
        self.pending += [fill(line) for line in layer.body]
        return cst.Name(layer.value)

    def variable(self, call: cst.Call, in_loop: bool) -> cst.BaseExpression:
        """`tf.get_variable(name, shape, initializer=...)`: a weight the model creates once."""
        given = self.arguments(call, ("name", "shape", "dtype", "initializer", "regularizer", "trainable"))
        name, shape = given.pop("name", None), given.pop("shape", None)
        initializer = given.pop("initializer", None)
        trainable = given.pop("trainable", None)
        dtype = given.pop("dtype", None)
        if in_loop or given or not isinstance(name, cst.SimpleString) or shape is None:
            raise NotTranslatable(f"`{self.code(call)}`: only a named variable with a shape, an initializer and "
                                  "a dtype has a checked Keras form (add_weight)", call)
        label = name.evaluated_value
        if not isinstance(label, str) or not label.isidentifier():
            raise NotTranslatable(f"variable name {label!r} is not an identifier", call)
        attr = self.attribute(label)
        parts = [f"shape={self.static(shape)}",
                 f"initializer={self.initializer(initializer) if initializer is not None else repr('glorot_uniform')}"]
        if dtype is not None:
            parts.append(f"dtype={self.static(dtype)}")
        if trainable is not None:
            parts.append(f"trainable={self.static(trainable)}")
        if id(call) in self.variable_scales:
            scale = " + ".join(self.variable_scales[id(call)].values())
            parts.append(f"regularizer={self.tf}.keras.regularizers.L2(0.5 * ({scale}))")
        parts.append(f'name="{label}"')
        self.init_lines.append(f"self.{attr} = self.add_weight({', '.join(parts)})")
        return cst.parse_expression(f"self.{attr}")

    def initializer(self, node: cst.BaseExpression) -> str:
        """A TF1 initializer as the Keras initializer with the same distribution; TF1's
        defaults are spelled out where Keras's differ (stddev 1.0, not 0.05)."""
        if isinstance(node, cst.SimpleString):
            return self.code(node)
        if isinstance(node, cst.Name):
            # `init = tf.truncated_normal_initializer(stddev=0.1)` shared by several layers
            local = self.single_static_binding(node.value)
            bound = local if local is not None else (
                self.module_binding(node) if self.module_binding is not None else None)
            if isinstance(bound, cst.Call):
                if local is not None:
                    self.consumed.add(node.value)
                return self.initializer(bound)
        if not isinstance(node, cst.Call):
            raise NotTranslatable(f"initializer `{self.code(node)}` has no checked Keras form", node)
        name = self.name_of(node.func) or ""
        k = f"{self.tf}.keras.initializers"
        if name.startswith(("tf.keras.initializers.", "keras.initializers.")):
            return self.code(node)
        forms = {
            "tf.zeros_initializer": ((), {}, '"zeros"'),
            "tf.ones_initializer": ((), {}, '"ones"'),
            "tf.glorot_uniform_initializer": ((), {}, '"glorot_uniform"'),
            "tf.glorot_normal_initializer": ((), {}, '"glorot_normal"'),
            "tf.random_uniform_initializer": (("minval", "maxval"), {"minval": "0.0", "maxval": "1.0"},
                                              f"{k}.RandomUniform"),
            "tf.random_normal_initializer": (("mean", "stddev"), {"mean": "0.0", "stddev": "1.0"},
                                             f"{k}.RandomNormal"),
            "tf.truncated_normal_initializer": (("mean", "stddev"), {"mean": "0.0", "stddev": "1.0"},
                                                f"{k}.TruncatedNormal"),
            "tf.constant_initializer": (("value",), {"value": "0"}, f"{k}.Constant"),
            "tf.orthogonal_initializer": (("gain",), {"gain": "1.0"}, f"{k}.Orthogonal"),
        }
        if name == "tf.contrib.layers.xavier_initializer":
            given = self.arguments(node, ("uniform", "seed", "dtype"))
            given.pop("seed", None)
            uniform = given.pop("uniform", None)
            if given or (uniform is not None and self.code(uniform) not in ("True", "False")):
                raise NotTranslatable(f"`{self.code(node)}` has no checked Keras form", node)
            return '"glorot_normal"' if uniform is not None and self.code(uniform) == "False" else '"glorot_uniform"'
        if name not in forms:
            raise NotTranslatable(f"initializer `{self.code(node)}` has no checked Keras form", node)
        order, defaults, keras = forms[name]
        given = self.arguments(node, order + ("seed", "dtype"))
        given.pop("seed", None)
        given.pop("dtype", None)
        if not order:
            if given:
                raise NotTranslatable(f"`{self.code(node)}` has no checked Keras form", node)
            return keras
        values = {key: self.static(given.pop(key)) if key in given else defaults[key] for key in order}
        if given:
            raise NotTranslatable(f"`{self.code(node)}` has no checked Keras form", node)
        return f"{keras}({', '.join(f'{key}={value}' for key, value in values.items())})"

    def columns_value(self, node: cst.BaseExpression) -> cst.BaseExpression:
        """`params["feature_columns"]`: the value the Estimator's params dict gave it."""
        if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and node.value.value == "params" \
                and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) \
                and isinstance(node.slice[0].slice.value, cst.SimpleString):
            key = node.slice[0].slice.value.evaluated_value
            params = self.params_value
            if isinstance(params, cst.Name) and self.module_binding is not None:
                params = self.module_binding(params)  # type: ignore[assignment]
            if isinstance(params, cst.Dict):
                for element in params.elements:
                    if isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString) \
                            and element.key.evaluated_value == key:
                        return element.value
            raise NotTranslatable(f"params[{key!r}]: tfmigrate cannot see the feature columns the Estimator's "
                                  "params gave the model_fn", node)
        return node

    def training_arg(self, node: cst.BaseExpression) -> str:
        if isinstance(node, cst.Name) and node.value in ("True", "False"):
            return node.value
        if self.condition(node) is not None:
            return self.training_text(node)
        raise NotTranslatable(f"training=`{self.code(node)}` is not the mode: Keras passes its own training "
                              "flag", node)

    def attribute(self, kind: str) -> str:
        base = {"batch_normalization": "batch_norm"}.get(kind, kind)
        attr, n = base, 1
        while attr in self.attr_names or attr in KERAS_MODEL_ATTRIBUTES:
            attr, n = f"{base}_{n}", n + 1
        self.attr_names.add(attr)
        return attr

    def activation(self, node: cst.BaseExpression) -> Optional[str]:
        if isinstance(node, cst.Name) and node.value == "None":
            return None
        if isinstance(node, cst.SimpleString) and ast.literal_eval(node.value) in ACTIVATION_STRINGS:
            return f'"{ast.literal_eval(node.value)}"'
        keras = ACTIVATIONS.get(self.name_of(node) or "")
        if keras is None:
            raise NotTranslatable(f"activation `{self.code(node)}` has no checked Keras name", node)
        return f'"{keras}"'

    # -- optimizer ------------------------------------------------------------------------------

    def optimizer(self, train_op: cst.BaseExpression, path: _Path) -> str:
        node = self.value(train_op, path)
        if isinstance(node, cst.Call) and self.name_of(node.func) == "tf.group":
            ops = [a.value for a in node.args if not self.is_update_ops(a.value)]
            if len(ops) != 1 or len(node.args) != 2:
                raise NotTranslatable(f"`{self.code(node)}` is custom train_op logic", node)
            path.batch_norm_updates = True
            node = self.value(ops[0], path)
        if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)):
            raise NotTranslatable("train_op is custom train_op logic (not `optimizer.minimize(loss, global_step=...)`"
                                  " or clipped apply_gradients): write a Keras train_step by hand", train_op)
        method = node.func.attr.value
        clip = None
        if method == "minimize":
            given = self.arguments(node, ("loss", "global_step", "var_list"))
            given.pop("loss", None)
            self.global_step(given.pop("global_step", None), node, path)
            given.pop("name", None)
            if given:
                raise NotTranslatable(f"`{self.code(node)}`: {', '.join(sorted(given))} is custom train_op logic",
                                      node)
        elif method == "apply_gradients":
            clip = self.clipped(node, path)
        else:
            raise NotTranslatable(f"train_op `{self.code(node)}` is custom train_op logic", node)
        owner = self.value(node.func.value, path)
        text = self.optimizer_text(owner, path)
        if clip is not None:
            text = text[:-1] + (", " if not text.endswith("(") else "") + f"global_clipnorm={clip})"
        return text

    def global_step(self, node: Optional[cst.BaseExpression], call: cst.CSTNode, path: _Path) -> None:
        step = self.value(node, path) if node is not None else None
        if not (isinstance(step, cst.Call) and not step.args and self.name_of(step.func) in GLOBAL_STEP):
            raise NotTranslatable(f"`{self.code(call)}` does not advance the global step, so the Estimator never "
                                  "counted its steps: migrate it by hand", call)

    def clipped(self, node: cst.Call, path: _Path) -> str:
        given = self.arguments(node, ("grads_and_vars", "global_step", "name"))
        self.global_step(given.pop("global_step", None), node, path)
        given.pop("name", None)
        pairs = self.value(given.pop("grads_and_vars", None) or node, path)
        problem = NotTranslatable("apply_gradients on something other than gradients clipped by "
                                  "tf.clip_by_global_norm: write a Keras train_step by hand", node)
        if not (isinstance(pairs, cst.Call) and isinstance(pairs.func, cst.Name) and pairs.func.value == "zip"
                and len(pairs.args) == 2):
            raise problem
        grads = pairs.args[0].value
        if not isinstance(grads, cst.Name):
            raise problem
        # `grads, _ = tf.clip_by_global_norm(grads, norm)` after
        # `grads, variables = zip(*optimizer.compute_gradients(loss))`.
        norm = None
        for step in path.steps:
            if isinstance(step, cst.Assign) and len(step.targets) == 1 \
                    and isinstance(step.targets[0].target, cst.Tuple) and isinstance(step.value, cst.Call):
                first = step.targets[0].target.elements[0].value
                if isinstance(first, cst.Name) and first.value == grads.value:
                    if self.name_of(step.value.func) == "tf.clip_by_global_norm" and len(step.value.args) >= 2:
                        norm = self.static(step.value.args[1].value)
                    elif not any(isinstance(n, cst.Attribute) and n.attr.value == "compute_gradients"
                                 for n in _walk(step.value)):
                        raise problem
        if norm is None:
            raise problem
        return norm

    def optimizer_text(self, node: cst.BaseExpression, path: _Path) -> str:
        name = self.name_of(node.func) if isinstance(node, cst.Call) else None
        if not isinstance(node, cst.Call) or not name or not name.startswith("tf.train.") \
                or not name.endswith("Optimizer"):
            raise NotTranslatable(f"`{self.code(node)}` is not a tf.train optimizer", node)
        form = OPTIMIZERS.get(name)
        if name == RMSPROP:
            form = RMSPROP_FORM
        if form is None:
            raise NotTranslatable(f"`{name}` has no Keras optimizer with the same update and state "
                                  "(checked: GradientDescent, Momentum, Adam, Adagrad, Ftrl)", node, "optimizer")
        given = self.arguments(node, form.positional)
        for key in OPTIMIZER_IGNORED:
            given.pop(key, None)
        missing = [k for k in form.required if k not in given]
        unknown = [k for k in given if k not in dict(form.mapping)]
        if missing or unknown:
            raise NotTranslatable(f"`{self.code(node)}`: {', '.join(unknown) or ', '.join(missing)} has no faithful "
                                  "Keras form", node, "optimizer")
        parts: dict[str, str] = {}
        if "learning_rate" not in given:
            parts["learning_rate"] = OPTIMIZER_DEFAULT_LR[name]
        for tf1_key, keras_key in form.mapping:
            if tf1_key in given:
                if tf1_key == "learning_rate":
                    parts[keras_key] = self.learning_rate(given[tf1_key], path, name)
                else:
                    parts[keras_key] = self.static(given[tf1_key])
        for keras_key, default in form.fixed:
            parts.setdefault(keras_key, default)
        args = ", ".join(f"{k}={v}" for k, v in parts.items())
        if name == RMSPROP:
            self.rmsprop_class = f"{self.class_name}RMSprop"
            return f"{self.rmsprop_class}({args})"
        return f"{self.tf}.keras.optimizers.{form.keras}({args})"

    def learning_rate(self, node: cst.BaseExpression, path: _Path, optimizer: str) -> str:
        value = self.value(node, path)
        name = self.name_of(value.func) if isinstance(value, cst.Call) else None
        if name == "tf.train.natural_exp_decay" or name in SCHEDULES:
            if optimizer == "tf.train.MomentumOptimizer":
                raise NotTranslatable("MomentumOptimizer with a changing learning rate: TF1 scaled the whole "
                                      "accumulated momentum by the current rate, Keras SGD scales only the new "
                                      "gradient (SEMANTICS); no built-in reproduces it", value, "optimizer")
            return self.schedule(value, name, path)  # type: ignore[arg-type]
        return self.static(value)

    def schedule(self, call: cst.Call, name: str, path: _Path) -> str:
        natural = name == "tf.train.natural_exp_decay"
        keras, order, mapping = SCHEDULES["tf.train.exponential_decay" if natural else name]
        given = self.arguments(call, order)
        given.pop("name", None)
        step_key = SCHEDULE_STEP_ARG.get(name, "global_step")
        self.global_step(given.pop(step_key, None), call, path)
        parts = []
        for key, value in given.items():
            if key not in mapping:
                raise NotTranslatable(f"`{self.code(call)}`: {key} has no Keras schedule form", call)
            text = self.static(value)
            if natural and key == "decay_rate":
                text = f"2.718281828459045 ** -({text})"  # exp(-rate): natural_exp_decay as exponential decay
            parts.append(f"{mapping[key]}={text}")
        return f"{self.tf}.keras.optimizers.schedules.{keras}({', '.join(parts)})"

    # -- metrics --------------------------------------------------------------------------------

    def metrics(self, path: _Path, output: str) -> list[str]:
        spec = self.spec_args(path)
        ops = spec.get("eval_metric_ops")
        if ops is None:
            return []
        ops = self.value(ops, path)
        if not isinstance(ops, cst.Dict):
            raise NotTranslatable("eval_metric_ops is not a dict of tf.metrics built in model_fn", ops)
        out = []
        for element in ops.elements:
            if not isinstance(element, cst.DictElement) or not isinstance(element.key, cst.SimpleString):
                raise NotTranslatable("eval_metric_ops keys must be plain strings", ops)
            key = element.key.evaluated_value
            if key in KERAS_RESERVED or not isinstance(key, str):
                raise NotTranslatable(f"metric key {key!r} clashes with Keras's own result keys", element)
            out.append(self.metric(key, self.value(element.value, path), path, output))
        return out

    def metric(self, key: str, call: cst.BaseExpression, path: _Path, output: str) -> str:
        name = self.name_of(call.func) if isinstance(call, cst.Call) else None
        if not isinstance(call, cst.Call) or name is None:
            raise NotTranslatable(f"metric `{self.code(call)}` is not a tf.metrics call", call)
        if name == MEAN_METRIC:
            return self.mean_of_loss(key, call, path, output)
        if name not in (ACCURACY, AUC, PRECISION, RECALL, *REGRESSION_METRICS):
            raise NotTranslatable(f"metric `{name}` has no checked Keras metric (checked: accuracy, auc, precision, "
                                  "recall, mean, mean_absolute_error, mean_squared_error, root_mean_squared_error)",
                                  call)
        given = self.arguments(call, ("labels", "predictions", "weights"))
        given.pop("name", None)
        extra = {k: v for k, v in given.items() if k not in ("labels", "predictions")}
        label_ids = self.argmax_of_labels(given.get("labels"), path)  # one-hot labels' class ids
        if name == ACCURACY and label_ids and not extra:
            predictions = given.get("predictions")
            if predictions is not None and self.prediction_kind(predictions, path, output) == "argmax":
                return f'{self.tf}.keras.metrics.CategoricalAccuracy(name="{key}")'
        if extra or not self.is_labels(given.get("labels"), path):
            raise NotTranslatable(f"metric `{self.code(call)}` is not computed on the labels (or is weighted)", call)
        predictions = given.get("predictions")
        kind = self.prediction_kind(predictions, path, output) if predictions is not None else None
        k = f"{self.tf}.keras.metrics"
        label = f'name="{key}"'
        if name in REGRESSION_METRICS and kind == "output":
            return f"{k}.{REGRESSION_METRICS[name]}({label})"
        if name == ACCURACY and kind == "argmax":
            return f"{k}.SparseCategoricalAccuracy({label})"
        if name == ACCURACY and kind == "positive_logit":
            return f"{k}.BinaryAccuracy({label}, threshold=0.0)"
        if name == AUC and kind == "sigmoid":
            return f"{k}.AUC({label}, from_logits=True)"
        if name in (PRECISION, RECALL) and kind == "positive_logit":
            cls = "Precision" if name == PRECISION else "Recall"
            return f"{k}.{cls}({label}, thresholds=0.0)"
        raise NotTranslatable(f"metric `{self.code(call)}` has no checked Keras metric on this model's output "
                              f"`{output}`", call)

    def mean_of_loss(self, key: str, call: cst.Call, path: _Path, output: str) -> str:
        """`tf.metrics.mean(per_example_loss)`: the Keras metric that averages that loss."""
        given = self.arguments(call, ("values", "weights"))
        given.pop("name", None)
        values = given.pop("values", None)
        problem = NotTranslatable(f"metric `{self.code(call)}` is not the mean of a loss on the model output: "
                                  "no checked Keras metric", call)
        if values is None or given:
            raise problem
        node = self.value(values, path)
        while isinstance(node, cst.Call) and self.name_of(node.func) in ("tf.cast", "tf.to_float") and node.args:
            node = self.value(node.args[0].value, path)
        if isinstance(node, cst.Call) and self.name_of(node.func) in ("tf.nn.in_top_k", "tf.math.in_top_k"):
            # mean(in_top_k(logits, labels, k)): the share of labels among the k best classes
            top = self.arguments(node, ("predictions", "targets", "k"))
            top.pop("name", None)
            if set(top) == {"predictions", "targets", "k"} and self.is_labels(top["targets"], path) \
                    and self.prediction_kind(top["predictions"], path, output) == "output":
                return f"{self.tf}.keras.metrics.SparseTopKCategoricalAccuracy(k={self.static(top['k'])}, name=\"{key}\")"
            raise problem
        unreduced = self.without_none_reduction(node)
        try:
            if isinstance(node, cst.Call) and self.name_of(node.func) in NN_LOSSES:
                loss, loss_output = self.nn_loss(node, path)
            elif unreduced is not None:
                loss, loss_output = self.loss(unreduced, path)
            else:
                loss, loss_output = self.loss(values, path)
        except NotTranslatable:
            loss, loss_output = "", ""
        if unreduced is not None and loss_output == output and not loss.startswith("lambda "):
            # mean(tf.losses.X(..., reduction=NONE)): the mean of Keras's per-example X loss.
            kind, options = loss.split("(", 1)[0], loss.split("(", 1)[1].rstrip(")")
            loss_object = f"{self.tf}.keras.losses.{kind}({options + ', ' if options else ''}reduction=None)"
            return f"{self.tf}.keras.metrics.MeanMetricWrapper({loss_object}, name=\"{key}\")"
        kind = loss.split("(", 1)[0]
        if loss_output != output or kind not in LOSS_METRICS:
            # Any other mean of values computed from the output (and labels): Keras's
            # MeanMetricWrapper averages what its function returns over every element and
            # batch, as tf.metrics.mean did. A (batch,) output reaches Keras as (batch, 1).
            self.metric_output = "y_pred[:, 0]" if self.is_rank_one(output, path) else "y_pred"
            try:
                body = self.as_metric_function(values, path, output, 0)
            except NotTranslatable:
                raise problem from None
            return f"{self.tf}.keras.metrics.MeanMetricWrapper(lambda y_true, y_pred: {body}, name=\"{key}\")"
        options = loss.split("(", 1)[1].rstrip(")")
        return f"{self.tf}.keras.metrics.{kind}(name=\"{key}\"{', ' + options if options else ''})"

    def argmax_of_labels(self, node: Optional[cst.BaseExpression], path: _Path) -> bool:
        """`tf.argmax(labels, 1)`: the class ids of one-hot labels."""
        node = self.value(node, path) if node is not None else None
        while isinstance(node, cst.Call) and self.name_of(node.func) in ("tf.cast", "tf.to_int32", "tf.to_int64") \
                and node.args:
            node = self.value(node.args[0].value, path)
        if not (isinstance(node, cst.Call) and self.name_of(node.func) in ("tf.argmax", "tf.math.argmax")
                and len(node.args) >= 2):
            return False
        rest = {a.keyword.value for a in node.args[2:] if a.keyword is not None}
        return self.is_labels(node.args[0].value, path) and self.code(node.args[1].value) in ("1", "-1") \
            and rest <= {"output_type", "name"}

    def without_none_reduction(self, node: cst.BaseExpression) -> Optional[cst.Call]:
        """A tf.losses call given reduction=NONE, without that argument; else None."""
        if not (isinstance(node, cst.Call) and (self.name_of(node.func) or "") in LOSSES):
            return None
        kept = [a for a in node.args
                if not (a.keyword is not None and a.keyword.value == "reduction"
                        and self.name_of(a.value) == "tf.losses.Reduction.NONE")]
        return node.with_changes(args=kept) if len(kept) < len(node.args) else None

    def as_metric_function(self, node: cst.BaseExpression, path: _Path, output: str, depth: int) -> str:
        """`node` as an expression of `y_true` (the labels) and `y_pred` (the model output),
        with the names the path bound in between written out; only TF ops, literals and
        static names may remain."""
        refuse = NotTranslatable(f"`{self.code(node)}` is not computed from the model output and labels alone", node)
        if depth > 30:
            raise refuse
        again = (lambda sub: self.as_metric_function(sub, path, output, depth + 1))
        if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and node.value.value == "params" \
                and "params" in self.params and self.check_static(node):
            return self.code(node)  # a hyperparameter: `params` is at hand where this is written
        if isinstance(node, cst.Name):
            if node.value == output:
                return self.metric_output
            bound = self.value(node, path)
            if bound is not node:
                return f"({again(bound)})"
            if node.value == "labels":
                return "y_true"
            if node.value in ("features", "mode", "params") or not self.check_static(node):
                raise refuse
            return node.value
        if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)):
            return self.code(node)
        if isinstance(node, cst.Attribute) and (self.name_of(node) or "").startswith("tf."):
            return self.code(node)  # tf.float32, tf.int64, ...
        if isinstance(node, cst.Call):
            name = self.name_of(node.func) or ""
            if not name.startswith("tf.") or name.startswith(TF1_ONLY) or name in GLOBAL_STEP:
                raise refuse
            args = []
            for arg in node.args:
                if arg.star:
                    raise refuse
                text = again(arg.value)
                args.append(f"{arg.keyword.value}={text}" if arg.keyword else text)
            return f"{self.code(node.func)}({', '.join(args)})"
        if isinstance(node, cst.BinaryOperation):
            return f"({again(node.left)}{self.code(node.operator)}{again(node.right)})"
        if isinstance(node, cst.UnaryOperation):
            return f"{self.code(node.operator)}{again(node.expression)}"
        if isinstance(node, (cst.Tuple, cst.List)) and all(isinstance(e, cst.Element) for e in node.elements):
            inner = ", ".join(again(e.value) for e in node.elements)
            return f"[{inner}]" if isinstance(node, cst.List) else f"({inner},)"
        if isinstance(node, cst.Subscript):
            slices = [self.code(e) for e in node.slice]
            if any(_names_used(e) - {"None"} for e in node.slice):
                raise refuse
            return f"{again(node.value)}[{''.join(slices)}]"
        raise refuse

    def prediction_kind(self, node: cst.BaseExpression, path: _Path, output: str) -> Optional[str]:
        """How a metric's predictions derive from the model output."""
        if self.code(node) == output:
            return "output"
        node = self.value(node, path)
        node = self.subscript_value(node, path)
        if self.code(node) == output:
            return "output"
        if isinstance(node, cst.Call):
            name = self.name_of(node.func)
            if name in ("tf.cast", "tf.to_float", "tf.to_int32", "tf.to_int64") and node.args:
                return self.prediction_kind(node.args[0].value, path, output)
            if name in ("tf.squeeze", "tf.reshape") and node.args and (name == "tf.squeeze" or (
                    len(node.args) == 2 and self.code(node.args[1].value).replace(" ", "") in ("[-1]", "(-1,)"))):
                # (batch, 1) → (batch,): Keras's metrics bring y_true and y_pred to one rank themselves
                inner = self.prediction_kind(node.args[0].value, path, output)
                return inner if inner == "output" else None
            if name in ("tf.argmax", "tf.math.argmax") and node.args:
                if self.prediction_kind(node.args[0].value, path, output) == "output":
                    rest = [a for a in node.args[1:]]
                    axis = rest[0].value if rest else None
                    if axis is not None and self.code(axis) in ("1", "-1"):
                        return "argmax"
            if name in ("tf.sigmoid", "tf.nn.sigmoid", "tf.math.sigmoid") and node.args \
                    and self.prediction_kind(node.args[0].value, path, output) == "output":
                return "sigmoid"
            if name == "tf.round" and node.args and self.prediction_kind(node.args[0].value, path, output) == "sigmoid":
                return "positive_logit"
            if name in ("tf.greater", "tf.greater_equal", "tf.math.greater", "tf.math.greater_equal") \
                    and len(node.args) == 2:
                return self.threshold_kind(node.args[0].value, node.args[1].value, path, output)
        # `p >= 0.5` and `p > 0.5` differ only for a logit of exactly 0.
        if isinstance(node, cst.Comparison) and len(node.comparisons) == 1 \
                and isinstance(node.comparisons[0].operator, (cst.GreaterThan, cst.GreaterThanEqual)):
            return self.threshold_kind(node.left, node.comparisons[0].comparator, path, output)
        return None

    def threshold_kind(self, left: cst.BaseExpression, right: cst.BaseExpression, path: _Path,
                       output: str) -> Optional[str]:
        inner = self.prediction_kind(left, path, output)
        threshold = right.value if isinstance(right, (cst.Float, cst.Integer)) else None
        if inner == "sigmoid" and threshold is not None and float(threshold) == 0.5:
            return "positive_logit"
        if inner == "output" and threshold is not None and float(threshold) == 0.0:
            return "positive_logit"
        return None

    def subscript_value(self, node: cst.BaseExpression, path: _Path) -> cst.BaseExpression:
        """`predictions["classes"]` where `predictions = {...}` was bound on the path."""
        if isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
            key = node.slice[0].slice.value
            holder = self.value(node.value, path)
            if isinstance(key, cst.SimpleString) and isinstance(holder, cst.Dict):
                for element in holder.elements:
                    if isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString) \
                            and element.key.evaluated_value == key.evaluated_value:
                        return self.value(element.value, path)
        return node

    # -- predictions -----------------------------------------------------------------------------

    def predict_body(self, path: _Path, output: str, forward: list[cst.CSTNode]
                     ) -> tuple[Optional[list[str]], bool]:
        spec = self.spec_args(path)
        predictions = spec.get("predictions")
        if predictions is None:
            return None, True
        needed = _names_used(predictions)
        chosen: list[cst.CSTNode] = []
        forward_ids = {id(s) for s in forward}
        for step in reversed(path.steps):
            if id(step) in forward_ids:
                continue
            if _targets(step) & needed:
                chosen.append(step)
                needed |= _names_used(step)
        chosen.reverse()
        produced = set()
        for s in forward:
            produced |= _targets(s)
        output_names = _names_used(cst.parse_expression(output))
        if not isinstance(cst.parse_expression(output), cst.Name):
            output_names = set()
        # Inner tensors the predictions read: call() hands them out too when predict_step asks.
        plain = set().union(*(_targets(s) for s in forward if isinstance(s, cst.Assign)))
        self.inner_names = sorted(n for n in needed & produced if n not in output_names)
        for name in self.inner_names:
            if name not in plain or name in self.mode_names:
                raise NotTranslatable(f"the predictions read `{name}`, an inner tensor of the model made inside "
                                      f"a loop or branch (only its output `{output}` is kept)", predictions)
        if "labels" in needed:
            raise NotTranslatable("the PREDICT branch reads labels", predictions)
        lines = [f"features, _, _ = {self.tf}.keras.utils.unpack_x_y_sample_weight(data)"]
        if "params" in needed:
            lines.append("params = self.params")
            self.uses_params = True
        take = "[:, 0]" if self.rank_one else ""
        target = output if output_names else "output"
        if self.inner_names:
            lines.append(f"{target}, inner = self(features, training=False, with_inner=True)")
            if take:
                lines.append(f"{target} = {target}{take}")
            lines += [f'{name} = inner["{name}"]' for name in self.inner_names]
        else:
            lines.append(f"{target} = self(features, training=False){take}")
        for step in chosen:
            if isinstance(step, cst.Expr):
                continue
            if not isinstance(step, cst.Assign):
                raise NotTranslatable(f"`{self.code(step)}` in the PREDICT branch has no clear Keras form", step)
            self.check_no_tf1_left(step)
            lines.append(self.code(step))
        value = self.value(predictions, path)
        lines.append(f"return {self.code(predictions)}")
        return lines, isinstance(value, cst.Dict)

    # -- rendering ---------------------------------------------------------------------------------

    def render(self, class_name: str, make_name: str, call_body: list[str], predict_body: Optional[list[str]],
               loss: str, optimizer: str, metrics: list[str]) -> str:
        tf, i = self.tf, "    "
        uses_params = self.uses_params or any(re.search(r"\bparams\b", line) for line in call_body) or (
            loss.startswith("compute_loss:") and re.search(r"\bparams\b", loss) is not None)
        lines = [f"class {class_name}({tf}.keras.Model):",
                 f'{i}"""The Estimator model_fn `{self.fn.name.value}` as a Keras model."""', ""]
        init_args = ", ".join(["self"] + (["params"] if uses_params else []) + [p for p, _ in self.extra_args])
        lines.append(f"{i}def __init__({init_args}):")
        lines.append(f"{i * 2}super().__init__()")
        if uses_params:
            lines.append(f"{i * 2}self.params = params")
        for name, value in getattr(self, "static_locals", {}).items():
            lines.append(f"{i * 2}{name} = {value}")
        lines += [f"{i * 2}{line}" for line in self.init_lines]
        lines.append("")
        call_body = self.without_consumed(call_body)
        lines.append(f"{i}def call(self, features, training=False{', with_inner=False' if self.inner_names else ''}):")
        if any(re.search(r"\bparams\b", line) for line in call_body):
            lines.append(f"{i * 2}params = self.params")
        lines += [f"{i * 2}{line}" for line in _split_lines(call_body)]
        if loss.startswith("compute_loss:"):
            lines += ["", f"{i}def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):",
                      f"{i * 2}# The model_fn's own loss on the labels (y_true) and the output (y_pred). Keras adds",
                      f"{i * 2}# up the replicas' gradients of a scalar loss, hence the division (SEMANTICS).",
                      f"{i * 2}y_true = y",
                      *([f"{i * 2}params = self.params"] if re.search(r"\bparams\b", loss) else []),
                      f"{i * 2}return {loss[len('compute_loss:'):]} / {tf}.distribute.get_strategy().num_replicas_in_sync"]
        if predict_body is not None:
            lines.append("")
            lines.append(f"{i}def predict_step(self, data):")
            lines += [f"{i * 2}{line}" for line in _split_lines(predict_body)]
        lines += ["", ""]
        if self.rmsprop_class:
            lines += [line.format(name=self.rmsprop_class, tf=tf).replace("    ", i)
                      for line in RMSPROP_CLASS.splitlines()] + ["", ""]
        make_args = ", ".join((["params"] if "params" in self.params else []) + [p for p, _ in self.extra_args])
        model_args = ", ".join((["params"] if uses_params else []) + [p for p, _ in self.extra_args])
        lines.append(f"def {make_name}({make_args}):")
        lines.append(f"{i}model = {class_name}({model_args})")
        lines.append(f"{i}model.compile(")
        lines.append(f"{i * 2}optimizer={optimizer},")
        if not loss.startswith("compute_loss:"):
            lines.append(f"{i * 2}loss={loss if loss.startswith('lambda ') else f'{tf}.keras.losses.{loss}'},")
        if metrics:
            lines.append(f"{i * 2}metrics=[{', '.join(metrics)}],")
        lines.append(f"{i})")
        lines.append(f"{i}return model")
        return "\n".join(lines) + "\n"


class _LayerRewriter(cst.CSTTransformer):
    """tf.layers calls → calls of layers created in __init__; mode tests → `training`."""

    def __init__(self, owner: "_ModelFn", counters: dict[str, int], bn: bool, in_loop: bool) -> None:
        self.owner, self.counters, self.bn, self.in_loop = owner, counters, bn, in_loop
        self.called: set[int] = set()  # `tf.layers.Dense(1)` in `tf.layers.Dense(1)(x)`: the outer call handles it
        self.bound: dict[int, str] = {}  # id(call) → the name `name = call` binds

    def visit_Call(self, node: cst.Call) -> bool:
        if isinstance(node.func, cst.Call):
            self.called.add(id(node.func))
        # A layer's initializer and regularizer arguments are translated with the layer.
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value in _INITIALIZERS:
                self.called |= {id(n) for n in _walk(arg.value) if isinstance(n, cst.Call)}
        return True

    def visit_Assign(self, node: cst.Assign) -> bool:
        if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
            self.bound[id(node.value)] = node.targets[0].target.value
        return True

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.BaseExpression:
        if id(original_node) in self.called:
            return updated_node
        new = self.owner.layer_call(original_node, updated_node, self.counters, self.bn, self.in_loop,
                                    bound_to=self.bound.get(id(original_node)))
        return updated_node if new is None else new  # type: ignore[return-value]

    def on_leave(self, original_node, updated_node):  # type: ignore[override]
        updated_node = super().on_leave(original_node, updated_node)
        owner = self.owner
        if isinstance(original_node, (cst.Comparison, cst.BooleanOperation, cst.UnaryOperation)) \
                and owner.condition(original_node) is not None and "mode" in _names_used(original_node):
            return cst.parse_expression(owner.training_text(original_node))
        if isinstance(original_node, cst.Name) and original_node.value in owner.mode_names \
                and isinstance(updated_node, cst.Name):
            return cst.parse_expression(owner.training_text(original_node))
        return updated_node


# TF1's RMSPropOptimizer and Keras 3's RMSprop make the same update (epsilon under the
# root in both, the same momentum and centered forms), but TF1 starts the mean square at 1
# and Keras at 0: the first steps differ by far. Keras's own optimizer, with its mean squares
# set to 1 when it creates them, is TF1's. TF1's epsilon default is 1e-10, Keras's 1e-7.
RMSPROP = "tf.train.RMSPropOptimizer"
RMSPROP_FORM = OptimizerForm(
    "RMSprop", ("learning_rate", "decay", "momentum", "epsilon", "use_locking", "centered"),
    (("learning_rate", "learning_rate"), ("decay", "rho"), ("momentum", "momentum"), ("epsilon", "epsilon"),
     ("centered", "centered")),
    fixed=(("epsilon", "1e-10"),))
RMSPROP_CLASS = '''class {name}({tf}.keras.optimizers.RMSprop):
    """TF1's RMSPropOptimizer: Keras's RMSprop update, with the mean square of the gradients
    starting at 1 as TF1's did (Keras starts it at 0)."""

    def add_optimizer_variables(self, trainable_variables, name, initializer="zeros"):
        if name == "velocity":
            initializer = "ones"
        return super().add_optimizer_variables(trainable_variables, name, initializer)'''

# TF1 graph-building ops with no Keras 3 counterpart that tf.nn still spells: they fail on TF 2.21.
LOGGING_HOOK_NAMES = frozenset({"tf.train.LoggingTensorHook", "tf.estimator.LoggingTensorHook",
                                "tf.train.StepCounterHook", "tf.estimator.StepCounterHook"})
TF1_GRAPH_OPS = ("tf.nn.rnn_cell.", "tf.nn.dynamic_rnn", "tf.nn.bidirectional_dynamic_rnn", "tf.nn.static_rnn",
                 "tf.nn.raw_rnn", "tf.compat.v1.nn.rnn_cell.", "tf.compat.v1.nn.dynamic_rnn", "tf.rnn_cell.",
                 "tf.compat.v1.layers.", "tf.compat.v1.get_variable", "tf.compat.v1.variable_scope")
TF1_ONLY = ("tf.layers.", "tf.contrib.", "tf.feature_column.", "tf.get_variable", "tf.variable_scope",
            "tf.keras.layers.DenseFeatures", "tf.losses.", "tf.metrics.", "tf.train.", "tf.estimator.")


def _split_lines(lines: list[str]) -> list[str]:
    out = []
    for line in lines:
        out += line.split("\n")
    return out


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


# Attributes a keras.Model already has: a layer stored under one of these names would
# shadow Keras's own.
KERAS_MODEL_ATTRIBUTES = {
    "layers", "loss", "losses", "metrics", "optimizer", "input", "output", "inputs", "outputs", "weights",
    "variables", "trainable", "dtype", "built", "name", "params", "call", "compile", "fit", "evaluate",
    "predict", "summary", "build", "trainable_weights", "non_trainable_weights", "distribute_strategy",
}
