"""Canned Estimators → a Keras 3 model with the same structure, defaults, head and optimizers.

Owns `translate_canned(call, kind, name_of, code, binding) -> CannedModel`: the
DNN / Linear / DNNLinearCombined / Baseline Classifier and Regressor, V2
(`tf.estimator.*`) and V1 (`tf.compat.v1.estimator.*`). The feature columns are
codemods/_feature_columns.py's; the driver (est.train → fit, …) is codemods/estimator.py's.

The generated model is a `keras.Model` subclass: `call(features)` returns the logits as
the canned model_fn computed them, `compute_loss` / `compute_metrics` are the head, and
`predict_step` returns the head's prediction dict. The example weights are read from the
features dict (`weight_column`), as the head did, so the driver passes the input_fn's
`(features, labels)` Datasets unchanged.

Checked facts (tensorflow_estimator 2.15 in .venv-tf215, canned/ and head/):
- DNN (dnn.py `_DNNModelV2`, lines 272-360; `_DNNModel` 155-251): hidden Dense layers with
  glorot_uniform kernels and zero biases, `activation_fn` (default tf.nn.relu, line 685),
  Dropout only while training (line 350), BatchNormalization(momentum=0.999) after the
  dropout (lines 329-336), a linear `logits` Dense. Keras 3 Dense has the same defaults.
- Optimizers (optimizers.py): V2 strings are Keras legacy optimizers; DNN strings get no
  learning rate (`get_optimizer_instance_v2(optimizer)`, dnn.py line 570), so the class
  default: Adagrad/Adam/Ftrl/RMSProp 0.001, SGD 0.01. V1 strings are tf.compat.v1.train
  optimizers at `_LEARNING_RATE` = 0.05 (dnn.py `_dnn_model_fn`). Linear (linear.py line 42,
  `_linear_model_fn_v2` line 673): the default optimizer is the string 'Ftrl' (line 863),
  which gets 0.2; only `optimizer=None` gets Ftrl(min(0.2, 1/sqrt(#columns))) (line 241).
  DNNLinearCombined (dnn_linear_combined.py lines 37-64, 154, 177): DNN strings at 0.001,
  linear strings at min(0.005, 1/sqrt(#linear columns)); the global step is the DNN
  optimizer's iterations (line 222). Baseline (baseline.py line 67): strings at 0.3.
  TF1 AdagradOptimizer has no epsilon (Keras epsilon=0.0 is exact), TF1 Adam's epsilon is
  1e-8, and TF1 RMSPropOptimizer starts its accumulator at 1 where Keras starts at 0, so a
  V1 'RMSProp' is reported, not translated.
- Linear (linear.py `_linear_model_fn_builder_v2`, feature_column_v2 `LinearModel`): one
  zero-initialised weight block per column plus a zero bias, summed; one Dense over the
  concatenated column values is the same sum with the same parameter count.
- Baseline: a zero bias times ones([batch, units]) (baseline.py lines 147-151, 224-225).
- Heads (head/binary_class_head.py, multi_class_head.py, regression_head.py; V1 in
  head.py): evaluate() keys, checked on TF 2.15 for V1 and V2 alike:
  binary: accuracy, accuracy_baseline, auc, auc_precision_recall, average_loss,
  label/mean, loss, precision, prediction/mean, recall; multi-class: accuracy,
  average_loss, loss; regression: average_loss, label/mean, loss, prediction/mean (all
  plus global_step). predict() keys: binary logits, logistic, probabilities, class_ids
  (int64), classes (bytes), all_class_ids (int32), all_classes (bytes); multi-class the
  same without logistic; regression predictions.
- Loss reduction: SUM_OVER_BATCH_SIZE for V2, SUM for V1 (the classes' `loss_reduction`
  defaults); Keras "sum_over_batch_size" is the head's sum(w * loss) / N (SEMANTICS).
- A tf.train optimizer given to a `tf.estimator.*` class: the V2 classes raise on it
  (optimizers.py `get_optimizer_instance_v2`), so the program was written for TF 1.x, where
  `tf.estimator.*` were the V1 classes; it is read as V1. So is a class of a module that spells a name only TF 1.x
  had (codemods/_estimator_canned_site.py, tf1_only_spelling): the caller passes the V1 kind.
- `tf.contrib.estimator.clip_gradients_by_norm(opt, n)` (TF 1.x extenders.py): the wrapped
  optimizer's compute_gradients clipped by `clip_by_global_norm(gradients, n)`, Keras's
  `global_clipnorm=n`, over dense gradients only (numeric columns).
"""

from __future__ import annotations

import ast
import math
from dataclasses import dataclass, field
from typing import Callable, Optional

import libcst as cst

from tfmigrate.codemods._canned_added_metrics import PER_CLASS_CLASS, AddedMetrics, Head, added_metrics
from tfmigrate.codemods._canned_head import head_init, head_keys, head_methods
from tfmigrate.codemods._estimator_keras import (
    ACTIVATIONS,
    ACTIVATION_STRINGS,
    PROXIMAL_ADAGRAD,
    PROXIMAL_ADAGRAD_CLASS,
    PROXIMAL_ADAGRAD_FORM,
    NotTranslatable,
)
from tfmigrate.codemods._feature_columns import (
    RUNTIME, Binding, Code, ColumnReader, KeyGroup, NameOf, Numeric, esc, normalize)
from tfmigrate.codemods._feature_columns_keras import KerasColumns, attach_handles, input_tensor, needs_runtime
from tfmigrate.codemods._feature_columns_scope import Parent, _walk, free_names, global_only
from tfmigrate.codemods._sparse_rows import looks_rows_up, with_summed_rows
from tfmigrate.codemods._model_fn import GLOBAL_STEP, SCHEDULE_STEP_ARG, SCHEDULES
from tfmigrate.codemods._model_fn_common import EVALUATE_LOSS

__all__ = ["CannedModel", "NotTranslatable", "translate_canned", "CANNED_CLASSES"]

CANNED_CLASSES = ("DNNClassifier", "DNNRegressor", "LinearClassifier", "LinearRegressor",
                  "DNNLinearCombinedClassifier", "DNNLinearCombinedRegressor", "BaselineClassifier",
                  "BaselineRegressor")

# Constructor parameters, in order (canned/*.py `__init__`); V1 DNN adds input_layer_partitioner.
_PARAMS = {
    "DNNClassifier": ("hidden_units", "feature_columns", "model_dir", "n_classes", "weight_column",
                      "label_vocabulary", "optimizer", "activation_fn", "dropout", "config", "warm_start_from",
                      "loss_reduction", "batch_norm"),
    "DNNRegressor": ("hidden_units", "feature_columns", "model_dir", "label_dimension", "weight_column",
                     "optimizer", "activation_fn", "dropout", "config", "warm_start_from", "loss_reduction",
                     "batch_norm"),
    "LinearClassifier": ("feature_columns", "model_dir", "n_classes", "weight_column", "label_vocabulary",
                         "optimizer", "config", "partitioner", "warm_start_from", "loss_reduction",
                         "sparse_combiner"),
    "LinearRegressor": ("feature_columns", "model_dir", "label_dimension", "weight_column", "optimizer", "config",
                        "partitioner", "warm_start_from", "loss_reduction", "sparse_combiner"),
    "DNNLinearCombinedClassifier": ("model_dir", "linear_feature_columns", "linear_optimizer",
                                    "dnn_feature_columns", "dnn_optimizer", "dnn_hidden_units",
                                    "dnn_activation_fn", "dnn_dropout", "n_classes", "weight_column",
                                    "label_vocabulary", "input_layer_partitioner", "config", "warm_start_from",
                                    "loss_reduction", "batch_norm", "linear_sparse_combiner"),
    "DNNLinearCombinedRegressor": ("model_dir", "linear_feature_columns", "linear_optimizer",
                                   "dnn_feature_columns", "dnn_optimizer", "dnn_hidden_units", "dnn_activation_fn",
                                   "dnn_dropout", "label_dimension", "weight_column", "input_layer_partitioner",
                                   "config", "warm_start_from", "loss_reduction", "batch_norm",
                                   "linear_sparse_combiner"),
    "BaselineClassifier": ("model_dir", "n_classes", "weight_column", "label_vocabulary", "optimizer", "config",
                           "loss_reduction"),
    "BaselineRegressor": ("model_dir", "label_dimension", "weight_column", "optimizer", "config",
                          "loss_reduction"),
}
_V2_ONLY_ABSENT = {"partitioner", "input_layer_partitioner"}  # not V2 parameters: positions shift
DRIVER_ARGUMENTS = {"model_dir", "config"}  # the driver's (RunConfig, checkpoints)
IGNORED = {"input_layer_partitioner", "partitioner"}  # variable sharding: no effect on the numbers

# Keras 3 classes with the legacy optimizers' defaults (checked one by one in
# keras/src/optimizers and tf_keras legacy: same learning rate and slot defaults).
V2_STRING = {"Adagrad": ("Adagrad", 0.001), "Adam": ("Adam", 0.001), "Ftrl": ("Ftrl", 0.001),
             "RMSProp": ("RMSprop", 0.001), "SGD": ("SGD", 0.01)}
V1_STRING = {"Adagrad": "Adagrad({lr}, initial_accumulator_value=0.1, epsilon=0.0)",
             "Adam": "Adam({lr}, epsilon=1e-08)", "Ftrl": "Ftrl({lr})", "SGD": "SGD({lr})"}
KERAS_OPTIMIZERS = {"Adagrad", "Adam", "Ftrl", "RMSprop", "SGD", "Adadelta", "Adamax", "Nadam"}
TF1_OPTIMIZERS = {  # class → (Keras text with the positional args, keyword mapping)
    "tf.train.AdagradOptimizer": ("Adagrad", ("learning_rate", "initial_accumulator_value"),
                                  {"epsilon": "0.0"}),
    "tf.train.AdamOptimizer": ("Adam", ("learning_rate", "beta_1", "beta_2", "epsilon"), {"epsilon": "1e-08"}),
    "tf.train.FtrlOptimizer": ("Ftrl", ("learning_rate", "learning_rate_power", "initial_accumulator_value",
                                        "l1_regularization_strength", "l2_regularization_strength"), {}),
    "tf.train.GradientDescentOptimizer": ("SGD", ("learning_rate",), {}),
}
TF1_KEYWORDS = {"beta1": "beta_1", "beta2": "beta_2"}


def keras_optimizer_text(call: cst.Call, name: str, render: Callable[[str, cst.BaseExpression], str],
                         refuse: Callable[[Optional[str], cst.Arg], None]) -> str:
    """The Keras optimizer (module spelled `{keras}`) with the update of the TF1 optimizer
    `call` of class `name` (one of TF1_OPTIMIZERS); `render` writes an argument's value for
    its Keras keyword, `refuse` raises for an argument with no checked Keras form."""
    keras, positional, fixed = TF1_OPTIMIZERS[name]
    named = dict(fixed)
    for i, arg in enumerate(call.args):
        key = arg.keyword.value if arg.keyword else (positional[i] if i < len(positional) else None)
        key = TF1_KEYWORDS.get(key, key)
        if arg.star or key not in positional:
            refuse(key, arg)
        named[key] = render(key, arg.value)  # type: ignore[arg-type]
    named.setdefault("learning_rate", "0.001")  # only Adam has a default (0.001)
    return f"{{keras}}.optimizers.{keras}({', '.join(f'{k}={v}' for k, v in named.items())})"
# tf.contrib.estimator's optimizer wrapper (TF 1; tf.estimator had it for a while too)
CLIP_WRAPPERS = {"tf.contrib.estimator.clip_gradients_by_norm", "tf.estimator.clip_gradients_by_norm"}


@dataclass
class RuntimeList:
    """A list argument known only when the program runs (hidden_units): the model's parameter
    `param` holds it."""

    param: str


@dataclass
class CannedModel:
    edits: list = field(default_factory=list)  # (node of the user's module, replacement source)
    definitions: str = ""  # top-level source; placeholders {tf} and {keras}
    # expression returning the compiled model; same placeholders. Its arguments (keys known
    # only at run time) are evaluated where the Estimator was constructed.
    build: str = ""
    eval_keys: list = field(default_factory=list)
    predict_keys: list = field(default_factory=list)
    reads: set = field(default_factory=set)  # the user's names `build` reads




def translate_canned(call: cst.Call, kind: str, name_of: NameOf, code: Code, binding: Binding,
                     model_name: Optional[str] = None, parent: Optional[Parent] = None,
                     metric_fn: Optional[cst.FunctionDef] = None, latest: Optional[Binding] = None,
                     sparse_inputs: bool = False) -> CannedModel:
    """`parent` (node → parent in the user's module) lets the columns be followed through
    `.append` loops and over keys known only at run time (see CannedModel.build / reads).
    `metric_fn`: the function `tf.estimator.add_metrics` gave the Estimator, whose metrics the
    model computes too (codemods/_canned_added_metrics.py). `sparse_inputs`: the module parses
    variable-length features (SparseTensors), which the model densifies as TF1's columns read them."""
    try:
        canned = _Canned(call, kind, name_of, code, binding, model_name, parent, metric_fn, latest)
        canned.sparse_inputs = sparse_inputs
        return canned.translate()
    except NotTranslatable as e:
        if e.node is None:  # found while writing the Keras code: report it at the Estimator
            e.node = call
        raise


# TF1's categorical columns took a SparseTensor (a VarLenFeature) as the ids it holds and a
# dense tensor with '' (strings) or -1 (integers) as no id (feature_column_v2
# _to_sparse_input_and_drop_ignore_values): densified with those, a feature reads alike.
# Numeric columns refused SparseTensors, so only categorical keys arrive sparse.
SPARSE_INPUTS = [
    "# Variable-length features arrive as SparseTensors: dense, with '' or -1 where a row has no value,",
    "# which the columns read as no id, as TF1's did.",
    "features = {{key: {tf}.sparse.to_dense(value, default_value='' if value.dtype == {tf}.string else -1)",
    "            if isinstance(value, {tf}.SparseTensor) else value for key, value in features.items()}}",
]


class _Canned:
    sparse_inputs = False

    def __init__(self, call, kind, name_of, code, binding, model_name, parent=None, metric_fn=None, latest=None):
        self.call, self.name_of, self.code, self.binding = call, name_of, code, binding
        self.latest = latest or (lambda node: None)
        self.v1 = kind.startswith("tf.compat.v1.")
        self.cls = kind.rsplit(".", 1)[-1]
        if self.cls not in _PARAMS:
            raise NotTranslatable(f"{kind} has no Keras form here", call)
        self.model_name = model_name or f"{self.cls}Model"
        self.reader = ColumnReader(name_of, code, binding, parent)
        self.reader.runtime = parent is not None  # values known at run time come from the TF1 columns
        self.column_args: list[tuple[str, str, str]] = []  # (parameter, source, dict of columns by name)
        self.column_reads: set[str] = set()
        self.site_args: list[tuple[str, str]] = []  # (make function parameter, template source)
        self.parent = parent
        self.metric_fn: Optional[cst.FunctionDef] = metric_fn  # add_metrics's
        # classes the model needs that Keras has not (an optimizer taking TF1's step, a metric)
        self.written_classes: dict[str, str] = {}
        self.all_columns: list = []
        self.runtime_args: list[tuple[str, str]] = []  # (parameter, source): values the model takes when built
        self.clip_norm: Optional[str] = None  # clip_gradients_by_norm's, on the optimizer
        self.args = self.arguments()
        if not self.v1 and self.tf1_optimizer_given():
            # The V2 classes (tf.estimator.* on TF 2) refuse a tf.train optimizer
            # (canned/optimizers.py get_optimizer_instance_v2), so this program ran on TF 1,
            # where tf.estimator.* were the V1 classes: their defaults are the ones it had.
            self.v1 = True
            self.args = self.arguments()

    # -- arguments ----------------------------------------------------------------------

    def arguments(self) -> dict:
        order = list(_PARAMS[self.cls])
        if self.v1 and self.cls in ("DNNClassifier", "DNNRegressor"):
            order.insert(order.index("config"), "input_layer_partitioner")
        if not self.v1:
            order = [p for p in order if p not in _V2_ONLY_ABSENT]
        given = {}
        for i, arg in enumerate(self.call.args):
            if arg.star:
                raise NotTranslatable(f"{self.cls}(...) unpacks arguments: the model cannot be read", arg)
            key = arg.keyword.value if arg.keyword else (order[i] if i < len(order) else None)
            if key not in order:
                raise NotTranslatable(f"{self.cls} has no argument {key or i}", arg)
            given[key] = arg.value
        given.pop("warm_start_from", None)  # the pipeline's (codemods/_estimator_warm_start.py)
        return given

    def resolved(self, node):
        """An optimizer argument's value: a call written there, or the call its name is bound to."""
        if isinstance(node, cst.Lambda) and not node.params.params:
            node = node.body
        if isinstance(node, cst.Name) and isinstance(self.binding(node), cst.FunctionDef):
            node = self.returned_optimizer(self.binding(node)) or node
        if isinstance(node, cst.Name):
            bound = self.binding(node)
            bound = bound if isinstance(bound, cst.Call) else self.latest(node)
            if isinstance(bound, cst.Call):
                return bound
        return node

    def returned_optimizer(self, fn: cst.FunctionDef) -> Optional[cst.Call]:
        """`def optimizer_fn(): rate = tf.train.exponential_decay(...); return AdamOptimizer(rate)`,
        a function of no parameters the Estimator called for its optimizer, as it called a
        lambda: the call it returns, when the rest of it only binds names once (a learning
        rate the call reads, followed where it is read)."""
        if fn.decorators or fn.asynchronous is not None or not isinstance(fn.body, cst.IndentedBlock) \
                or fn.params.params or fn.params.star_arg is not cst.MaybeSentinel.DEFAULT \
                or fn.params.kwonly_params or fn.params.star_kwarg is not None or fn.params.posonly_params:
            return None
        body = list(fn.body.body)
        if body and isinstance(body[0], cst.SimpleStatementLine) and isinstance(body[0].body[0], cst.Expr) \
                and isinstance(body[0].body[0].value, cst.SimpleString):
            body = body[1:]  # a docstring
        smalls = [s.body[0] if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 else None for s in body]
        if not smalls or not isinstance(smalls[-1], cst.Return) or not isinstance(smalls[-1].value, cst.Call):
            return None
        for small in smalls[:-1]:
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name)
                    and isinstance(self.binding(small.targets[0].target), cst.BaseExpression)):
                return None
        return smalls[-1].value

    def tf1_optimizer_given(self) -> bool:
        for key in ("optimizer", "dnn_optimizer", "linear_optimizer"):
            node = self.resolved(self.args.get(key))
            while isinstance(node, cst.Call) and normalize(self.name_of(node.func)) in CLIP_WRAPPERS and node.args:
                node = self.resolved(node.args[0].value)
            name = normalize(self.name_of(node.func)) if isinstance(node, cst.Call) else None
            if name is not None and name.startswith("tf.train.") and name.endswith("Optimizer"):
                return True
        return False

    def literal(self, key, default):
        """The argument's value at rewrite time (literals, names bound once to them and never
        changed, `len(LABELS)`, `HP["hidden"]`, `a + b`): the model's structure needs it."""
        if key not in self.args:
            return default
        return self.reader.static(self.args[key], f"{self.cls}({key}=...)")

    def columns(self, key: str) -> list:
        """The columns of argument `key`. When some value in them is known only at run time,
        the model also takes the list itself (the argument, evaluated where the Estimator
        was built, once, as TF1 evaluated it) and reads those values from its columns."""
        node = self.args[key]
        columns = self.reader.column_list(node)
        self.all_columns += columns
        if any(needs_runtime(c) for c in columns):
            role = key.replace("feature_columns", "")  # "", "dnn_", "linear_"
            tf1 = f"{role}tf1_columns"
            attach_handles(columns, tf1)
            self.column_args.append((f"{role}feature_columns", self.code(node), tf1))
            self.column_reads |= free_names(node)
        return columns

    # -- the whole model ----------------------------------------------------------------

    def translate(self) -> CannedModel:
        family = self.cls.replace("Classifier", "").replace("Regressor", "")
        self.classifier = self.cls.endswith("Classifier")
        self.n_classes = self.literal("n_classes", 2) if self.classifier else None
        self.label_dimension = self.literal("label_dimension", 1) if not self.classifier else None
        self.units = (1 if self.n_classes == 2 else self.n_classes) if self.classifier else self.label_dimension
        self.vocabulary = self.literal("label_vocabulary", None) if self.classifier else None
        self.reduction = self.loss_reduction()
        self.added = AddedMetrics()
        if self.metric_fn is not None:
            head = Head(self.classifier, self.n_classes, self.vocabulary, self.keys()[0],
                        weighted=self.weight_key() is not None, v1=self.v1)
            self.added = added_metrics(self.metric_fn, head, self.name_of, self.code)
            for suffix, template in self.added.classes.items():  # the metric classes Keras has not
                self.written_classes[f"{self.model_name}{suffix}"] = template
                self.added.init = [line.replace(PER_CLASS_CLASS, f"{self.model_name}{suffix}")
                                   for line in self.added.init]
        init, body, optimizers = [], [], []
        emit = KerasColumns()
        dnn_out = linear_out = None
        if family in ("DNN", "DNNLinearCombined"):
            prefix = "" if family == "DNN" else "dnn_"
            columns = self.columns(f"{prefix}feature_columns") if f"{prefix}feature_columns" in self.args else []
            if columns:
                hidden = self.hidden_units(f"{prefix}hidden_units")
                if not hidden and hidden != []:
                    raise NotTranslatable(f"{self.cls}: {prefix}hidden_units is required", self.call)
                inputs, _ = input_tensor(columns, emit, "dnn")
                dnn_out = self.dnn(init, body, inputs, hidden, prefix)
                lr = 0.001 if family == "DNNLinearCombined" else (0.05 if self.v1 else None)
                optimizers.append(("dnn", self.optimizer(f"{prefix}optimizer", "Adagrad", lr)))
        if family in ("Linear", "DNNLinearCombined"):
            key = "feature_columns" if family == "Linear" else "linear_feature_columns"
            combiner_key = "sparse_combiner" if family == "Linear" else "linear_sparse_combiner"
            columns = self.columns(key) if key in self.args else []
            if columns:
                combiner = self.literal(combiner_key, "sum")
                inputs, _ = input_tensor(columns, emit, "linear", combiner)
                init.append(f'self.linear_model = {{keras}}.layers.Dense({self.units}, kernel_initializer="zeros", '
                            f'name="linear_model")')
                body.append(f"linear_logits = self.linear_model({inputs})")
                linear_out = "linear_logits"
                if family == "Linear":
                    none_lr = _default_lr(0.2, columns)
                    optimizers.append(("linear", self.optimizer("optimizer", "Ftrl", 0.2, none_lr=none_lr)))
                else:
                    lr = _default_lr(0.005, columns)
                    optimizers.append(("linear", self.optimizer("linear_optimizer", "Ftrl", lr)))
        if family == "Baseline":
            init.append(f'self.bias = self.add_weight(shape=({self.units},), initializer="zeros", name="bias")')
            body.append("first = next(iter(v for k, v in sorted(features.items()) if k != "
                        f"{self.weight_key()!r}))")
            body.append(f"baseline_logits = self.bias * {{tf}}.ones([{{tf}}.shape(first)[0], {self.units}])")
            dnn_out = "baseline_logits"
            optimizers.append(("baseline", self.optimizer("optimizer", "Ftrl", 0.3)))
        if dnn_out is None and linear_out is None:
            raise NotTranslatable(f"{self.cls} has no feature columns", self.call)
        logits = " + ".join(x for x in (dnn_out, linear_out) if x)
        return self.assemble(emit, init, body, logits, optimizers, two_towers=bool(dnn_out and linear_out))

    def loss_reduction(self) -> str:
        default = "sum" if self.v1 else "sum_over_batch_size"
        if "loss_reduction" not in self.args:
            return default
        name = normalize(self.name_of(self.args["loss_reduction"])) or ""
        tail = name.rsplit(".", 1)[-1]
        if tail == "SUM":
            return "sum"
        if tail == "SUM_OVER_BATCH_SIZE":
            return "sum_over_batch_size"
        raise NotTranslatable(f"loss_reduction `{self.code(self.args['loss_reduction'])}` has no checked Keras "
                              "reduction (SUM and SUM_OVER_BATCH_SIZE have)", self.args["loss_reduction"])

    def weight_key(self) -> Optional[str]:
        node = self.args.get("weight_column")
        if node is None or self.code(node) == "None":
            return None
        if isinstance(node, cst.SimpleString):
            return ast.literal_eval(node.value)
        column = self.reader.column(node)
        if not isinstance(column, Numeric) or column.size != 1:
            raise NotTranslatable("weight_column is not a one-value numeric_column", node)
        if column.normalizer is RUNTIME:
            raise NotTranslatable("weight_column's normalizer_fn reads names of another scope: not followed", node)
        self.weight_column = column
        return column.key

    # -- the DNN tower ------------------------------------------------------------------

    def hidden_units(self, key):
        """The hidden layer sizes: a literal, or (a trainer's parameter, `[int(u) for u in
        FLAGS.hidden_units]`) a list the model takes when it is built, evaluated where the
        Estimator was, once, as TF1 evaluated it."""
        try:
            return self.literal(key, None)
        except NotTranslatable:
            node = self.args[key]
            if any(isinstance(n, (cst.Lambda, cst.Yield, cst.Await, cst.NamedExpr)) for n in _walk(node)):
                raise
            self.runtime_args.append((key, esc(self.code(node))))
            self.column_reads |= free_names(node)
            return RuntimeList(key)

    def dnn(self, init, body, inputs, hidden, prefix) -> str:
        activation = self.activation(prefix + "activation_fn")
        dropout = self.literal(prefix + "dropout", None)
        batch_norm = self.literal("batch_norm", False)
        init.append(f"# {self.cls} hidden layers: glorot_uniform kernels, zero biases (canned/dnn.py)")
        if isinstance(hidden, RuntimeList):
            init.append(f'self.hidden_layers = [{{keras}}.layers.Dense(units, activation={activation}, '
                        f'name=f"hiddenlayer_{{{{i}}}}") for i, units in enumerate({hidden.param})]')
        else:
            layers = ", ".join(f'{{keras}}.layers.Dense({u}, activation={activation}, name="hiddenlayer_{i}")'
                               for i, u in enumerate(hidden))
            init.append(f"self.hidden_layers = [{layers}]")
        if dropout is not None:
            init.append(f"self.dropout = {{keras}}.layers.Dropout({dropout!r})")
        if batch_norm and isinstance(hidden, RuntimeList):
            init.append(f'self.batch_norms = [{{keras}}.layers.BatchNormalization(momentum=0.999, '
                        f'name=f"batchnorm_{{{{i}}}}") for i in range(len({hidden.param}))]')
        elif batch_norm:
            norms = ", ".join(f'{{keras}}.layers.BatchNormalization(momentum=0.999, name="batchnorm_{i}")'
                              for i in range(len(hidden)))
            init.append(f"self.batch_norms = [{norms}]")
        init.append(f'self.logits_layer = {{keras}}.layers.Dense({self.units}, name="logits")')
        body.append(f"net = {inputs}")
        body.append("for i, layer in enumerate(self.hidden_layers):")
        body.append("    net = layer(net)")
        if dropout is not None:
            body.append("    if training:  # the Estimator applied dropout in TRAIN mode only")
            body.append("        net = self.dropout(net, training=True)")
        if batch_norm:
            body.append("    net = self.batch_norms[i](net, training=training)")
        body.append("dnn_logits = self.logits_layer(net)")
        return "dnn_logits"

    def activation(self, key) -> str:
        node = self.args.get(key)
        if node is None or self.code(node) == "None":  # None means relu (dnn.py docstring, `activation_fn or relu`)
            return '"relu"'
        if isinstance(node, cst.SimpleString) and ast.literal_eval(node.value) in ACTIVATION_STRINGS:
            return f'"{ast.literal_eval(node.value)}"'
        keras = ACTIVATIONS.get(normalize(self.name_of(node)) or "")
        if keras is None:
            raise NotTranslatable(f"activation_fn `{self.code(node)}` has no checked Keras name", node)
        return f'"{keras}"'

    # -- optimizers ---------------------------------------------------------------------

    def optimizer(self, key, default, string_lr, none_lr=None) -> str:
        self.local_names = False
        text = self._optimizer(key, default, string_lr, none_lr)
        if not self.local_names:
            return text
        # It reads names of the scope that builds the Estimator (a learning rate in main()):
        # the make function takes the optimizer, built where the Estimator was.
        node = self.args[key]
        self.site_args.append((key, text))
        self.column_reads |= free_names(node)
        return key

    def _optimizer(self, key, default, string_lr, none_lr=None) -> str:
        return self.optimizer_of(self.args.get(key), key, default, string_lr, none_lr)

    def optimizer_of(self, node, key, default, string_lr, none_lr=None) -> str:
        if node is None:
            return self.string_optimizer(default, string_lr, node)
        if isinstance(node, cst.Name) and node.value == "None":
            if none_lr is None:
                raise NotTranslatable(f"{key}=None", node)
            return f"{{keras}}.optimizers.Ftrl({none_lr!r})"  # _get_default_optimizer(_v2), linear.py 241-248
        if isinstance(node, cst.SimpleString):
            return self.string_optimizer(ast.literal_eval(node.value), string_lr, node)
        if isinstance(node, (cst.Subscript, cst.Name)) and not isinstance(self.binding(node), cst.Call):
            try:  # `optimizer=params["optimizer"]` holding "Adam": the string's optimizer
                named = self.reader.static(node, f"{self.cls}({key}=...)")
            except NotTranslatable:
                named = None
            if isinstance(named, str):
                return self.string_optimizer(named, string_lr, node)
        node = self.resolved(node)
        if not isinstance(node, cst.Call):
            raise NotTranslatable(f"{key} `{self.code(node)}` cannot be followed to an optimizer", node)
        name = normalize(self.name_of(node.func)) or ""
        if name in CLIP_WRAPPERS:
            return self.clipped(node, key, default, string_lr)
        tail = name.rsplit(".", 1)[-1]
        if name in (f"tf.keras.optimizers.{tail}", f"tf.keras.optimizers.legacy.{tail}",
                    f"tf.keras.optimizers.experimental.{tail}") and tail in KERAS_OPTIMIZERS:
            parts = []
            for i, arg in enumerate(node.args):
                if arg.star or (arg.keyword and arg.keyword.value in ("decay", "lr")):
                    raise NotTranslatable(f"`{self.code(node)}`: {self.code(arg)} has no Keras 3 form", arg)
                rate = (arg.keyword.value == "learning_rate") if arg.keyword else i == 0
                value = self.learning_rate(arg.value) if rate else self.copy(arg.value)
                parts.append(f"{arg.keyword.value}={value}" if arg.keyword else value)
            return f"{{keras}}.optimizers.{tail}({', '.join(parts)})"
        if name == PROXIMAL_ADAGRAD:
            return self.proximal_adagrad(node, key)
        if name in TF1_OPTIMIZERS:
            def refuse(key, arg):
                raise NotTranslatable(f"`{self.code(node)}`: {key} has no checked Keras form", arg)

            return keras_optimizer_text(
                node, name, lambda k, v: self.learning_rate(v) if k == "learning_rate" else self.copy(v), refuse)
        raise NotTranslatable(f"optimizer `{self.code(node)}` has no checked Keras optimizer", node)

    def clipped(self, node: cst.Call, key, default, string_lr) -> str:
        """clip_gradients_by_norm(optimizer, clip_norm) clipped the gradients by their global
        norm (clip_ops.clip_by_global_norm over all of them, extenders.py) before the update:
        the Keras optimizer's global_clipnorm. Only over dense gradients: TF1 took the norm of
        an embedding's IndexedSlices row by row, duplicates apart, which a dense gradient
        does not repeat."""
        given = self.reader.arguments(node, ("optimizer", "clip_norm"))
        if set(given) != {"optimizer", "clip_norm"} or self.clip_norm is not None:
            raise NotTranslatable(f"`{self.code(node)}` has no checked Keras form", node)
        inner = self.optimizer_of(given["optimizer"], key, default, string_lr)
        if not inner.startswith("{keras}.optimizers.") or not inner.endswith(")"):
            raise NotTranslatable(f"`{self.code(node)}`: this optimizer takes no global_clipnorm here", node)
        self.clip_norm = self.copy(given["clip_norm"])
        return f"{inner[:-1]}{', ' if not inner.endswith('()') else ''}global_clipnorm={self.clip_norm})"

    def proximal_adagrad(self, node: cst.Call, key: str) -> str:
        """TF1's ProximalAdagradOptimizer, as a Keras Adagrad that takes its proximal step
        (codemods/_estimator_keras.py)."""
        given = self.reader.arguments(node, (*PROXIMAL_ADAGRAD_FORM.positional, "use_locking", "name"))
        given.pop("use_locking", None)
        given.pop("name", None)
        if "learning_rate" not in given:
            raise NotTranslatable(f"`{self.code(node)}` has no learning_rate", node)
        linear = self.cls.startswith("Linear") or key == "linear_optimizer"
        if linear and ({"l1_regularization_strength", "l2_regularization_strength"} & set(given)):
            # TF1 updated only the rows of a categorical column's weights that a batch looked
            # up; the Keras linear model's weights get dense gradients, which the shrink would
            # reach in every row.
            raise NotTranslatable(f"`{self.code(node)}` on a linear model: TF1 shrank only the weights of the "
                                  "categories a batch held, and the Keras linear model's gradients are dense", node)
        parts = [f"{k}={self.learning_rate(v) if k == 'learning_rate' else self.copy(v)}" for k, v in given.items()]
        name = f"{self.model_name}ProximalAdagrad"
        self.written_classes[name] = PROXIMAL_ADAGRAD_CLASS
        return f"{name}({', '.join(parts)})"

    def copy(self, node: cst.BaseExpression) -> str:
        """A user expression copied into the generated code (escaped for the template)."""
        if self.parent is not None and not global_only(node, self.parent):
            self.local_names = True
        return esc(self.code(node))

    def learning_rate(self, node: cst.BaseExpression) -> str:
        """A learning rate; a TF1 schedule of the global step (inside an optimizer lambda, as
        the canned Estimators call it under their graph) becomes the Keras schedule with the
        same formula and numbers. Keras evaluates it at optimizer.iterations, the global
        step before the update, as TF1 read it (SEMANTICS)."""
        if isinstance(node, cst.Name) and isinstance(self.binding(node), cst.Call):
            bound = self.binding(node)  # `rate = tf.train.exponential_decay(...)` in an optimizer function
            if (normalize(self.name_of(bound.func)) or "").startswith("tf.train.") \
                    and (normalize(self.name_of(bound.func)) or "").endswith("decay"):
                node = bound
        name = normalize(self.name_of(node.func)) if isinstance(node, cst.Call) else None
        if name != "tf.train.natural_exp_decay" and name not in SCHEDULES:
            if name is not None and name.startswith("tf.train.") and name.endswith("decay"):
                raise NotTranslatable(f"learning rate `{self.code(node)}` has no Keras schedule form", node)
            return self.copy(node)
        natural = name == "tf.train.natural_exp_decay"
        keras, order, mapping = SCHEDULES["tf.train.exponential_decay" if natural else name]
        given = self.reader.arguments(node, (*order, "name"))
        given.pop("name", None)
        step = given.pop(SCHEDULE_STEP_ARG.get(name, "global_step"), None)
        if not (isinstance(step, cst.Call) and not step.args and normalize(self.name_of(step.func)) in GLOBAL_STEP):
            raise NotTranslatable(f"`{self.code(node)}` decays over something other than the global step: no Keras "
                                  "schedule counts it", node)
        parts = []
        for key, value in given.items():
            if key not in mapping:
                raise NotTranslatable(f"`{self.code(node)}`: {key} has no Keras schedule form", value)
            text = self.copy(value)
            if natural and key == "decay_rate":
                text = f"2.718281828459045 ** -({text})"  # exp(-rate): natural_exp_decay as exponential decay
            parts.append(f"{mapping[key]}={text}")
        return f"{{keras}}.optimizers.schedules.{keras}({', '.join(parts)})"

    def string_optimizer(self, name, lr, node) -> str:
        if self.v1:
            if name not in V1_STRING:
                raise NotTranslatable(f"V1 optimizer {name!r}: TF1's RMSProp starts its accumulator at 1, Keras' "
                                      "at 0; no Keras optimizer has the same update" if name == "RMSProp"
                                      else f"unknown optimizer {name!r}", node or self.call)
            return "{keras}.optimizers." + V1_STRING[name].format(lr=f"learning_rate={lr!r}")
        if name not in V2_STRING:
            raise NotTranslatable(f"unknown optimizer {name!r}", node or self.call)
        keras, default = V2_STRING[name]
        return f"{{keras}}.optimizers.{keras}(learning_rate={lr if lr is not None else default!r})"

    # -- the head -----------------------------------------------------------------------

    def assemble(self, emit: KerasColumns, init, body, logits, optimizers, two_towers) -> CannedModel:
        if self.clip_norm is not None and not all(isinstance(c.template if isinstance(c, KeyGroup) else c, Numeric)
                                                  for c in self.all_columns):
            raise NotTranslatable("clip_gradients_by_norm over a model with categorical columns: TF1 took the norm of "
                                  "their sparse gradients row by row, which Keras's global_clipnorm does not",
                                  self.call)
        weight_key = self.weight_key()
        init_args, reads = self.reader.init_args()
        init_args += self.runtime_args
        for param, source, tf1 in self.column_args:
            init_args.append((param, source))
            # the TF1 columns, by name, for the values they hold that exist only at run time
            emit.init.insert(0, f"{tf1} = {{{{column.name: column for column in {param}}}}}")
        reads = reads | self.column_reads
        params = [param for param, _ in init_args]
        lines = [f"class {self.model_name}({{keras}}.Model):",
                 f'    """Keras form of {self.kind_text()}: the same layers, initial values, head and optimizer."""',
                 "",
                 f"    def __init__({', '.join(['self'] + params)}):",
                 "        super().__init__()"]
        lines += [f"        {x}" for x in emit.init + init + self.head_init()]
        lines += ["", "    def call(self, features, training=False):"]
        if self.sparse_inputs:
            lines += [f"        {x}" for x in SPARSE_INPUTS]
        lines += [f"        {x}" for x in emit.body + body]
        lines += [f"        return {logits}", ""]
        lines += [f"    {x}" for x in self.head_methods(weight_key)]
        lines += [f"    {x}" for x in self.per_replica_loss(EVALUATE_LOSS)]
        if two_towers:
            lines += [f"    {x}" for x in self.per_replica_loss(TWO_OPTIMIZERS)]
        lines += [f"    {x}" for x in DISTRIBUTED_BUILD + (LINEAR_BUILD if two_towers else [])]
        build_name = "make_" + _snake(self.model_name)
        if looks_rows_up("\n".join(emit.init + init + emit.body + body)):
            # embedding columns: each optimizer sums a sparse gradient's rows by index, as TF1's did
            summed = []
            for tower, text in optimizers:
                text, classes = with_summed_rows(text, "{keras}", self.model_name)
                summed.append((tower, text))
                for name, template in classes.items():
                    self.written_classes.setdefault(name, template)
            optimizers = summed
        compile_opt = optimizers[0][1]
        lines = [line.rstrip() for line in lines]
        for name, template in self.written_classes.items():  # read when the model is made and compiled
            lines += ["", "", *template.format(name=name, tf="{tf}").splitlines()]
        lines += ["", "", f"def {build_name}({', '.join(params + [p for p, _ in self.site_args])}):"]
        if any("math.sqrt(" in opt for _, opt in optimizers):
            lines.append("    import math")
        lines.append(f"    model = {self.model_name}({', '.join(params)})")
        if two_towers:
            lines.append(f"    model.linear_optimizer = {optimizers[1][1]}")
        lines += [f"    model.compile(optimizer={compile_opt})", "    return model", ""]
        eval_keys, predict_keys = self.keys()
        eval_keys = sorted(eval_keys + self.added.keys)
        # optimizers that read the construction site's names are built there (already escaped)
        sources = [esc(source) for _, source in init_args] + [source for _, source in self.site_args]
        return CannedModel(edits=list(self.reader.edits), definitions="\n".join(lines) + "\n",
                           build=f"{build_name}({', '.join(sources)})",
                           eval_keys=eval_keys, predict_keys=predict_keys, reads=reads)

    def per_replica_loss(self, template: list) -> list:
        """Keras divides a sum_over_batch_size loss by the replicas (losses/loss.py
        reduce_values) and a "sum" loss not: the loss metric gets each replica's own loss."""
        if self.reduction != "sum":
            return template
        return [line.replace("loss * replicas", "loss") for line in template
                if "replicas = {tf}.distribute.get_strategy()" not in line]

    def kind_text(self) -> str:
        return f"{'tf.compat.v1' if self.v1 else 'tf'}.estimator.{self.cls}"

    def keys(self):
        return head_keys(self)

    def head_init(self) -> list[str]:
        return head_init(self)

    def head_methods(self, weight_key) -> list[str]:
        return head_methods(self, weight_key)


TWO_OPTIMIZERS = """
def train_step(self, data):
    # Two optimizers, as DNNLinearCombined had: one tape, each optimizer applies its
    # own variables; model.optimizer (the DNN's) counts the global step.
    x, y, sample_weight = {keras}.utils.unpack_x_y_sample_weight(data)
    with {tf}.GradientTape() as tape:
        y_pred = self(x, training=True)  # without a strategy the first trace makes the variables here
        loss = self.compute_loss(x, y, y_pred, sample_weight, training=True)
    self.build_optimizers()
    dnn, linear = self.dnn_and_linear_variables()
    dnn_grads, linear_grads = tape.gradient(loss, [dnn, linear])
    self.optimizer.apply(dnn_grads, dnn)
    self.linear_optimizer.apply(linear_grads, linear)
    replicas = {tf}.distribute.get_strategy().num_replicas_in_sync  # Keras scaled the loss by 1/replicas
    for metric in self.metrics:
        if metric.name == "loss":
            metric.update_state(loss * replicas, sample_weight={tf}.shape(y_pred)[0])
    return self.compute_metrics(x, y, y_pred, sample_weight)

def dnn_and_linear_variables(self):
    linear = list(self.linear_model.trainable_variables)
    linear_ids = set(id(v) for v in linear)
    return [v for v in self.trainable_variables if id(v) not in linear_ids], linear

def build_optimizers(self):
    # Both optimizers make their variables once, before their first apply and outside the
    # traced step (tf.init_scope): tf.function allows new variables only on its first trace,
    # and apply() would otherwise build an optimizer on a later one. model.optimizer covers
    # all trainable variables, as Keras builds it itself (fit under a strategy, load_model).
    with {tf}.init_scope():
        if not self.optimizer.built:
            self.optimizer.build(self.trainable_variables)
        if not self.linear_optimizer.built:
            self.linear_optimizer.build(self.linear_model.trainable_variables)
""".strip("\n").split("\n")


class _Expr(str):
    """A learning rate known only at run time: its repr is the expression itself."""

    def __repr__(self) -> str:
        return str(self)


def _default_lr(cap: float, columns: list):
    """min(cap, 1/sqrt(number of columns)) as linear.py / dnn_linear_combined.py compute it;
    an expression of the make function's parameters when some keys are known at run time."""
    static = sum(1 for c in columns if not isinstance(c, KeyGroup))
    groups = [c.param for c in columns if isinstance(c, KeyGroup)]
    if not groups:
        return min(cap, 1 / math.sqrt(static))
    count = " + ".join([str(static)] * bool(static) + [f"len({p})" for p in groups])
    return _Expr(f"min({cap!r}, 1.0 / math.sqrt({count}))")


DISTRIBUTED_BUILD = [""] + """
def _maybe_symbolic_build(self, iterator=None, data_batch=None):
    # A private Keras 3 hook, overridden because no public one runs before it: under a
    # tf.distribute strategy fit() builds the model from the MEAN of the first distributed
    # batch, which fails on string features or labels (AddN of strings). One replica's
    # batch has the same structure, shapes and dtypes; the rest is Keras's own build.
    if iterator is not None and self._distribute_strategy is not None:
        for _, _, it in iterator:
            first = next(it)
            break
        local = self.distribute_strategy.experimental_local_results
        data_batch = {tf}.nest.map_structure(
            lambda x: local(x)[0] if isinstance(x, {tf}.distribute.DistributedValues) else x, first)
        iterator = None
    super()._maybe_symbolic_build(iterator=iterator, data_batch=data_batch)
""".strip("\n").split("\n")
LINEAR_BUILD = """
    if self._distribute_strategy is not None:
        # Keras built the model and model.optimizer above; the linear optimizer too, in
        # the strategy's scope (not per replica inside the step)
        with self.distribute_strategy.scope():
            self.build_optimizers()
""".strip("\n").split("\n")


def _snake(name: str) -> str:
    out = ""
    for i, ch in enumerate(name):
        if ch.isupper() and i and (not name[i - 1].isupper() or (i + 1 < len(name) and name[i + 1].islower())):
            out += "_"
        out += ch.lower()
    return out
