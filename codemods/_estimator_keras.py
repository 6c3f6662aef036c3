"""The Keras form of an Estimator `model_fn`, for the bodies that have one.

Only a straight-line body is translated: a chain of dense/flatten layers that starts at
`features`, one `tf.losses` call on the last layer, one `tf.train` optimizer whose
`minimize(loss, global_step=...)` is the train_op, optional `tf.metrics` for
evaluation, and `return EstimatorSpec(mode, ...)`. Anything else is a reason, in words,
why the model_fn was left alone. Every mapping below keeps the numbers the TF1 code
used (see docs/rules/estimator.md for the checks behind them).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Callable, Iterator, Optional, Sequence

import libcst as cst

from tfmigrate.parents import iter_nodes

NameOf = Callable[[cst.CSTNode], Optional[str]]

# Estimator passes model_fn arguments by name, so only these names can be parameters.
MODEL_FN_PARAMS = {"features", "labels", "mode", "params", "config"}

ACTIVATIONS = {
    "tf.nn.relu": "relu",
    "tf.nn.relu6": "relu6",
    "tf.nn.elu": "elu",
    "tf.nn.selu": "selu",
    "tf.nn.softplus": "softplus",
    "tf.math.softplus": "softplus",
    "tf.nn.softmax": "softmax",
    "tf.nn.sigmoid": "sigmoid",
    "tf.sigmoid": "sigmoid",
    "tf.math.sigmoid": "sigmoid",
    "tf.nn.tanh": "tanh",
    # Keras 3 defaults checked equal to TF's: leaky_relu's slope 0.2, gelu not approximated.
    "tf.nn.leaky_relu": "leaky_relu",
    "tf.nn.swish": "silu",
    "tf.nn.silu": "silu",
    "tf.nn.softsign": "softsign",
    "tf.nn.gelu": "gelu",
    "tf.nn.log_softmax": "log_softmax",
    "tf.tanh": "tanh",
    "tf.math.tanh": "tanh",
}
ACTIVATION_STRINGS = set(ACTIVATIONS.values())

DENSE_FUNCTION = "tf.layers.dense"
DENSE_CLASSES = {"tf.layers.Dense", "tf.keras.layers.Dense", "keras.layers.Dense"}
FLATTEN_FUNCTION = "tf.layers.flatten"
FLATTEN_CLASSES = {"tf.layers.Flatten", "tf.keras.layers.Flatten", "keras.layers.Flatten"}
# Arguments of a layer that carry over unchanged (Dense has the same defaults in Keras:
# glorot_uniform kernel, zero bias): the positional ones in TF1 order, then keywords.
LAYER_POSITIONAL = {"Dense": ("units", "activation", "use_bias"), "Flatten": ()}
LAYER_KEYWORDS = {"Dense": {"units", "activation", "use_bias", "name"}, "Flatten": {"name"}}

CUSTOM_TRAIN_OP_METHODS = {"compute_gradients", "apply_gradients"}
CUSTOM_TRAIN_OP_FUNCTIONS = {"tf.group", "tf.gradients", "tf.clip_by_global_norm", "tf.control_dependencies",
                             "tf.get_collection"}
GLOBAL_STEP = {"tf.train.get_global_step", "tf.train.get_or_create_global_step"}
ESTIMATOR_SPEC = "tf.estimator.EstimatorSpec"
# tf.losses reductions that mean "average over every element" for unweighted losses,
# which is what the Keras default (sum over batch size) computes too.
MEAN_REDUCTIONS = {
    "tf.losses.Reduction.SUM_BY_NONZERO_WEIGHTS",
    "tf.losses.Reduction.MEAN",
    "tf.losses.Reduction.SUM_OVER_BATCH_SIZE",
}


@dataclass(frozen=True)
class LossForm:
    keras: str  # class in tf.keras.losses
    label_arg: str  # TF1 keyword for the labels
    output_arg: str  # TF1 keyword for the model output
    from_logits: bool
    extra: tuple[str, ...] = ()  # TF1 keywords that carry over (same name, same meaning)


LOSSES = {
    "tf.losses.mean_squared_error": LossForm("MeanSquaredError", "labels", "predictions", False),
    "tf.losses.absolute_difference": LossForm("MeanAbsoluteError", "labels", "predictions", False),
    "tf.losses.huber_loss": LossForm("Huber", "labels", "predictions", False, ("delta",)),
    "tf.losses.softmax_cross_entropy": LossForm("CategoricalCrossentropy", "onehot_labels", "logits", True,
                                                ("label_smoothing",)),
    "tf.losses.sparse_softmax_cross_entropy": LossForm("SparseCategoricalCrossentropy", "labels", "logits", True),
    "tf.losses.sigmoid_cross_entropy": LossForm("BinaryCrossentropy", "multi_class_labels", "logits", True,
                                                ("label_smoothing",)),
}
# The TF1 positional order after (labels, output): weights, then the loss's own options.
LOSS_POSITIONAL_TAIL = {
    "tf.losses.huber_loss": ("weights", "delta"),
    "tf.losses.softmax_cross_entropy": ("weights", "label_smoothing"),
    "tf.losses.sigmoid_cross_entropy": ("weights", "label_smoothing"),
}


@dataclass(frozen=True)
class OptimizerForm:
    keras: str
    positional: tuple[str, ...]  # TF1 parameter names in order
    mapping: tuple[tuple[str, str], ...]  # TF1 keyword -> Keras keyword
    fixed: tuple[tuple[str, str], ...] = ()  # Keras keywords always spelled out (TF1 defaults)
    required: tuple[str, ...] = ("learning_rate",)


OPTIMIZERS = {
    "tf.train.GradientDescentOptimizer": OptimizerForm(
        "SGD", ("learning_rate",), (("learning_rate", "learning_rate"),)),
    # TF1 keeps lr * accumulated gradient; Keras keeps the lr-scaled velocity: the same
    # steps for a constant learning rate, with and without Nesterov.
    "tf.train.MomentumOptimizer": OptimizerForm(
        "SGD", ("learning_rate", "momentum"),
        (("learning_rate", "learning_rate"), ("momentum", "momentum"), ("use_nesterov", "nesterov")),
        required=("learning_rate", "momentum")),
    # Same update formula ("epsilon hat"); TF1's default epsilon is 1e-8, Keras' 1e-7.
    "tf.train.AdamOptimizer": OptimizerForm(
        "Adam", ("learning_rate", "beta1", "beta2", "epsilon"),
        (("learning_rate", "learning_rate"), ("beta1", "beta_1"), ("beta2", "beta_2"), ("epsilon", "epsilon")),
        fixed=(("epsilon", "1e-08"),), required=()),
    # TF1 divides by sqrt(accumulator) with no epsilon; Keras adds epsilon (default 1e-7)
    # under the root. The accumulator starts above 0 (TF1 insists), so 0.0 is exact.
    "tf.train.AdagradOptimizer": OptimizerForm(
        "Adagrad", ("learning_rate", "initial_accumulator_value"),
        (("learning_rate", "learning_rate"), ("initial_accumulator_value", "initial_accumulator_value")),
        fixed=(("epsilon", "0.0"),)),
}
# TF1's FtrlOptimizer and Keras 3's Ftrl: the same update, the same defaults
# (learning_rate_power -0.5, initial_accumulator_value 0.1); the canned linear models,
# which use it, matched TF 2.15 exactly (tests/legacy/test_canned_equivalence.py).
OPTIMIZERS["tf.train.FtrlOptimizer"] = OptimizerForm(
    "Ftrl", ("learning_rate", "learning_rate_power", "initial_accumulator_value", "l1_regularization_strength",
             "l2_regularization_strength"),
    # Regularization strengths are not mapped: their equality was not checked.
    (("learning_rate", "learning_rate"), ("learning_rate_power", "learning_rate_power"),
     ("initial_accumulator_value", "initial_accumulator_value")))
OPTIMIZER_DEFAULT_LR = {"tf.train.AdamOptimizer": "0.001"}
OPTIMIZER_IGNORED = {"name", "use_locking"}  # no effect on the numbers

METRICS = {
    "tf.metrics.mean_absolute_error": "MeanAbsoluteError",
    "tf.metrics.mean_squared_error": "MeanSquaredError",
    "tf.metrics.root_mean_squared_error": "RootMeanSquaredError",
}


class NotTranslatable(Exception):
    """Why a model_fn has no clear Keras form; `code` picks the diagnostic."""

    def __init__(self, message: str, node: cst.CSTNode, code: str = "model_fn") -> None:
        super().__init__(message)
        self.node = node
        self.code = code  # "model_fn" | "optimizer" | "hooks"


@dataclass
class KerasModel:
    layers: list[str] = field(default_factory=list)  # each `Dense(...)` call, without the module
    loss: str = ""
    optimizer: str = ""
    metrics: list[str] = field(default_factory=list)


def translate_model_fn(fn: cst.FunctionDef, name_of: NameOf, code: Callable[[cst.CSTNode], str]) -> KerasModel:
    return _ModelFn(fn, name_of, code).translate()


class _ModelFn:
    def __init__(self, fn: cst.FunctionDef, name_of: NameOf, code: Callable[[cst.CSTNode], str]) -> None:
        self.fn = fn
        self.name_of = name_of
        self.code = code
        self.params = [p.name.value for p in fn.params.params]
        self.model = KerasModel()
        self.current = "features"  # the name that holds the output of the layers so far
        self.loss_name: Optional[str] = None
        self.optimizer_name: Optional[str] = None
        self.train_op_name: Optional[str] = None
        self.metrics_name: Optional[str] = None
        self.assigned: set[str] = set()

    # -- the whole function -------------------------------------------------------------

    def translate(self) -> KerasModel:
        self.check_signature()
        body = list(self.statements())
        if not body or not isinstance(body[-1], cst.Return):
            raise NotTranslatable("model_fn does not end with `return EstimatorSpec(...)`", self.fn)
        for stmt in body[:-1]:
            self.statement(stmt)
        self.estimator_spec(body[-1])
        return self.model

    def check_signature(self) -> None:
        p = self.fn.params
        if p.star_arg is not cst.MaybeSentinel.DEFAULT or p.star_kwarg or p.kwonly_params or p.posonly_params:
            raise NotTranslatable("model_fn takes *args or keyword-only parameters", self.fn.params)
        if self.fn.decorators or self.fn.asynchronous:
            raise NotTranslatable("model_fn is decorated or async", self.fn)
        unknown = [n for n in self.params if n not in MODEL_FN_PARAMS]
        if unknown or "features" not in self.params or "labels" not in self.params:
            raise NotTranslatable("model_fn parameters are not (features, labels, mode[, params, config])",
                                  self.fn.params)

    def statements(self):
        block = self.fn.body
        if not isinstance(block, cst.IndentedBlock):
            raise NotTranslatable("model_fn body is on one line", self.fn)
        for i, stmt in enumerate(block.body):
            if isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    if isinstance(small, cst.Pass):
                        continue
                    if i == 0 and isinstance(small, cst.Expr) and isinstance(small.value, cst.SimpleString):
                        continue  # docstring
                    yield small
            elif isinstance(stmt, cst.If):
                raise NotTranslatable("model_fn branches (on mode?); Keras has one model for train, "
                                      "evaluate and predict: migrate it by hand", stmt)
            else:
                raise NotTranslatable("model_fn contains a compound statement with no clear Keras form", stmt)

    # -- one statement ------------------------------------------------------------------

    def statement(self, stmt: cst.BaseSmallStatement) -> None:
        if not (isinstance(stmt, cst.Assign) and len(stmt.targets) == 1
                and isinstance(stmt.targets[0].target, cst.Name)):
            raise NotTranslatable(f"`{self.code(stmt)}` in model_fn has no clear Keras form", stmt)
        target = stmt.targets[0].target.value
        # `net = tf.layers.dense(net, ...)` may rebind the output of the layer chain; any
        # other name is bound once.
        again = target in self.assigned or target in self.params
        if again and target != self.current:
            raise NotTranslatable(f"model_fn assigns `{target}` twice", stmt)
        value = stmt.value
        if isinstance(value, cst.Call) and self.is_custom_train_op(value):
            raise NotTranslatable(f"`{self.code(stmt)}` is custom train_op logic (gradient handling, grouped ops): "
                                  "write a Keras train_step, or use the optimizer's clipnorm/clipvalue, by hand",
                                  stmt)
        if self.layer(value):
            self.current = target
        elif again:
            raise NotTranslatable(f"model_fn assigns `{target}` twice", stmt)
        elif self.loss(value):
            self.loss_name = target
        elif self.optimizer(value):
            self.optimizer_name = target
        elif self.minimize(value):
            self.train_op_name = target
        elif isinstance(value, cst.Dict) and self.metrics(value):
            self.metrics_name = target
        else:
            raise NotTranslatable(f"`{self.code(stmt)}` in model_fn has no clear Keras form", stmt)
        self.assigned.add(target)

    def is_custom_train_op(self, call: cst.Call) -> bool:
        if isinstance(call.func, cst.Attribute) and call.func.attr.value in CUSTOM_TRAIN_OP_METHODS:
            return True
        return self.name_of(call.func) in CUSTOM_TRAIN_OP_FUNCTIONS

    def is_name(self, node: cst.CSTNode, name: Optional[str]) -> bool:
        return name is not None and isinstance(node, cst.Name) and node.value == name

    def plain_value(self, node: cst.BaseExpression) -> str:
        """An argument copied as it is: it must not depend on the model_fn's own names."""
        for sub in _walk(node):
            if isinstance(sub, (cst.Call, cst.Lambda, cst.Await, cst.Yield, cst.NamedExpr)):
                raise NotTranslatable(f"argument `{self.code(node)}` is computed in model_fn", node)
            if isinstance(sub, cst.Name) and (sub.value in self.params or sub.value in self.assigned):
                raise NotTranslatable(f"argument `{self.code(node)}` depends on model_fn's `{sub.value}`", node)
        return self.code(node)

    # -- layers -------------------------------------------------------------------------

    def layer(self, value: cst.BaseExpression) -> bool:
        if not isinstance(value, cst.Call):
            return False
        name = self.name_of(value.func)
        if name in (DENSE_FUNCTION, FLATTEN_FUNCTION):
            if not value.args or value.args[0].keyword is not None and value.args[0].keyword.value != "inputs":
                raise NotTranslatable(f"`{self.code(value)}`: inputs not given first", value)
            self.layer_input(value.args[0].value, value)
            kind = "Dense" if name == DENSE_FUNCTION else "Flatten"
            self.model.layers.append(self.layer_text(kind, value.args[1:], value))
            return True
        if isinstance(value.func, cst.Call):
            inner = value.func
            cls = self.name_of(inner.func)
            if cls in DENSE_CLASSES or cls in FLATTEN_CLASSES:
                if len(value.args) != 1 or value.args[0].keyword is not None:
                    raise NotTranslatable(f"`{self.code(value)}`: layer called with extra arguments", value)
                self.layer_input(value.args[0].value, value)
                kind = "Dense" if cls in DENSE_CLASSES else "Flatten"
                self.model.layers.append(self.layer_text(kind, inner.args, inner))
                return True
        return False

    def layer_input(self, node: cst.BaseExpression, call: cst.Call) -> None:
        if not self.is_name(node, self.current):
            raise NotTranslatable(f"`{self.code(call)}` does not take the previous layer's output "
                                  f"(`{self.current}`): only a chain of layers has a clear Keras form", call)

    def layer_text(self, kind: str, args: Sequence[cst.Arg], call: cst.Call) -> str:
        positional, allowed = LAYER_POSITIONAL[kind], LAYER_KEYWORDS[kind]
        parts: list[str] = []
        for i, arg in enumerate(args):
            if arg.star:
                raise NotTranslatable(f"`{self.code(call)}` unpacks arguments", call)
            key = arg.keyword.value if arg.keyword else (positional[i] if i < len(positional) else None)
            if key not in allowed:
                raise NotTranslatable(f"`{self.code(call)}`: argument {key or i} has no automatic Keras form "
                                      f"(initializers, regularizers and the like: migrate by hand)", arg)
            if key == "activation":
                text = self.activation(arg.value)
                if text is not None:
                    parts.append(f"activation={text}")
                continue
            text = self.plain_value(arg.value)
            parts.append(text if key == "units" else f"{key}={text}")
        if kind == "Dense" and not any(not p.partition("=")[1] or p.startswith("units=") for p in parts):
            raise NotTranslatable(f"`{self.code(call)}` has no units", call)
        return f"{kind}({', '.join(parts)})"

    def activation(self, node: cst.BaseExpression) -> Optional[str]:
        if isinstance(node, cst.Name) and node.value == "None":
            return None
        if isinstance(node, cst.SimpleString) and ast.literal_eval(node.value) in ACTIVATION_STRINGS:
            return f'"{ast.literal_eval(node.value)}"'
        keras = ACTIVATIONS.get(self.name_of(node) or "")
        if keras is None:
            raise NotTranslatable(f"activation `{self.code(node)}` has no checked Keras name", node)
        return f'"{keras}"'

    # -- loss ---------------------------------------------------------------------------

    def loss(self, value: cst.BaseExpression) -> bool:
        if not isinstance(value, cst.Call):
            return False
        name = self.name_of(value.func) or ""
        form = LOSSES.get(name)
        if form is None:
            if name.startswith("tf.losses."):
                raise NotTranslatable(f"`{name}` has no checked Keras loss", value)
            return False
        if self.loss_name is not None:
            raise NotTranslatable("model_fn computes more than one loss", value)
        order = (form.label_arg, form.output_arg, *LOSS_POSITIONAL_TAIL.get(name, ("weights",)))
        given = self.call_arguments(value, order)
        if not self.is_name(given.pop(form.label_arg, None), "labels"):
            raise NotTranslatable(f"`{self.code(value)}`: {form.label_arg} is not the model_fn's labels", value)
        if not self.is_name(given.pop(form.output_arg, None), self.current):
            raise NotTranslatable(f"`{self.code(value)}`: {form.output_arg} is not the last layer's output", value)
        reduction = given.pop("reduction", None)
        if reduction is not None and self.name_of(reduction) not in MEAN_REDUCTIONS:
            raise NotTranslatable(f"`{self.code(value)}`: this reduction has no equal Keras form", reduction)
        parts = ["from_logits=True"] if form.from_logits else []
        for key in form.extra:
            if key in given:
                parts.append(f"{key}={self.plain_value(given.pop(key))}")
        if given:
            raise NotTranslatable(f"`{self.code(value)}`: {', '.join(sorted(given))} has no automatic Keras form "
                                  "(weights change what the loss averages over)", value)
        self.model.loss = f"losses.{form.keras}({', '.join(parts)})"
        return True

    def call_arguments(self, call: cst.Call, order: Sequence[str]) -> dict[str, cst.BaseExpression]:
        given: dict[str, cst.BaseExpression] = {}
        for i, arg in enumerate(call.args):
            if arg.star:
                raise NotTranslatable(f"`{self.code(call)}` unpacks arguments", call)
            if arg.keyword is not None:
                key = arg.keyword.value
            elif i < len(order):
                key = order[i]
            else:
                raise NotTranslatable(f"`{self.code(call)}`: too many positional arguments", call)
            given[key] = arg.value
        return given

    # -- optimizer and train_op ---------------------------------------------------------

    def optimizer(self, value: cst.BaseExpression) -> bool:
        if not isinstance(value, cst.Call):
            return False
        name = self.name_of(value.func) or ""
        if not name.startswith("tf.train.") or not name.endswith("Optimizer"):
            return False
        if self.optimizer_name is not None or self.model.optimizer:
            raise NotTranslatable("model_fn creates more than one optimizer", value)
        form = OPTIMIZERS.get(name)
        if form is None:
            raise NotTranslatable(f"`{name}` has no Keras optimizer with the same update and state "
                                  "(checked: GradientDescent, Momentum, Adam, Adagrad, Ftrl)", value, "optimizer")
        given = self.call_arguments(value, form.positional)
        for key in OPTIMIZER_IGNORED:
            given.pop(key, None)
        missing = [k for k in form.required if k not in given]
        unknown = [k for k in given if k not in dict(form.mapping)]
        if missing or unknown:
            raise NotTranslatable(f"`{self.code(value)}`: {', '.join(unknown) or ', '.join(missing)} "
                                  "has no faithful Keras form", value, "optimizer")
        parts: dict[str, str] = {}
        if "learning_rate" not in given:
            parts["learning_rate"] = OPTIMIZER_DEFAULT_LR[name]
        for tf1_key, keras_key in form.mapping:
            if tf1_key in given:
                parts[keras_key] = self.plain_value(given[tf1_key])
        for keras_key, default in form.fixed:
            parts.setdefault(keras_key, default)
        args = ", ".join(f"{k}={v}" for k, v in parts.items())
        self.model.optimizer = f"optimizers.{form.keras}({args})"
        return True

    def minimize(self, value: cst.BaseExpression) -> bool:
        if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute)
                and value.func.attr.value == "minimize"):
            return False
        owner = value.func.value
        if isinstance(owner, cst.Call):
            if not self.optimizer(owner):
                raise NotTranslatable(f"`{self.code(owner)}` is not a tf.train optimizer", owner)
        elif not self.is_name(owner, self.optimizer_name):
            raise NotTranslatable(f"`{self.code(value)}`: not the model_fn's optimizer", value)
        given = self.call_arguments(value, ("loss", "global_step", "var_list"))
        if not self.is_name(given.pop("loss", None), self.loss_name):
            raise NotTranslatable(f"`{self.code(value)}` does not minimize the model_fn's loss", value)
        step = given.pop("global_step", None)
        if not (isinstance(step, cst.Call) and not step.args and self.name_of(step.func) in GLOBAL_STEP):
            raise NotTranslatable(f"`{self.code(value)}` does not advance the global step, so the Estimator "
                                  "never counted its steps: migrate it by hand", value)
        if given:
            raise NotTranslatable(f"`{self.code(value)}`: {', '.join(sorted(given))} is custom train_op logic",
                                  value)
        return True

    # -- metrics ------------------------------------------------------------------------

    def metrics(self, value: cst.Dict) -> bool:
        for element in value.elements:
            if not isinstance(element, cst.DictElement) or not isinstance(element.key, cst.SimpleString):
                raise NotTranslatable(f"eval_metric_ops `{self.code(value)}`: keys must be plain strings", value)
            call = element.value
            name = self.name_of(call.func) if isinstance(call, cst.Call) else None
            keras = METRICS.get(name or "")
            if keras is None:
                raise NotTranslatable(f"metric `{self.code(call)}` has no checked Keras metric", call)
            given = self.call_arguments(call, ("labels", "predictions"))
            if not (self.is_name(given.pop("labels", None), "labels")
                    and self.is_name(given.pop("predictions", None), self.current)) or given:
                raise NotTranslatable(f"metric `{self.code(call)}` is not computed on (labels, model output)", call)
            self.model.metrics.append(f"metrics.{keras}(name={element.key.value})")
        return True

    # -- return EstimatorSpec -------------------------------------------------------------

    def estimator_spec(self, ret: cst.BaseSmallStatement) -> None:
        call = ret.value if isinstance(ret, cst.Return) else None
        if not (isinstance(call, cst.Call) and self.name_of(call.func) == ESTIMATOR_SPEC):
            raise NotTranslatable("model_fn does not return `EstimatorSpec(...)`", ret)
        given = self.call_arguments(call, ("mode", "predictions", "loss", "train_op", "eval_metric_ops"))
        if not self.is_name(given.pop("mode", None), "mode"):
            raise NotTranslatable("EstimatorSpec's mode is not the model_fn's mode", call)
        for hooks in ("training_hooks", "evaluation_hooks", "training_chief_hooks", "prediction_hooks"):
            if hooks in given:
                raise NotTranslatable(f"EstimatorSpec({hooks}=...): session hooks have no automatic Keras form; "
                                      "rewrite them as Keras callbacks by hand", given[hooks], "hooks")
        if not self.is_name(given.pop("loss", None), self.loss_name) or not self.model.loss:
            raise NotTranslatable("EstimatorSpec's loss is not the model_fn's tf.losses loss", call)
        if not self.is_name(given.pop("train_op", None), self.train_op_name):
            raise NotTranslatable("EstimatorSpec's train_op is custom train_op logic (not `optimizer.minimize(loss, "
                                  "global_step=...)`): write a Keras train_step by hand", call)
        metrics = given.pop("eval_metric_ops", None)
        if metrics is not None:
            if isinstance(metrics, cst.Dict) and self.metrics_name is None:
                self.metrics(metrics)
            elif not self.is_name(metrics, self.metrics_name):
                raise NotTranslatable("eval_metric_ops is not a dict of tf.metrics built in model_fn", metrics)
        predictions = given.pop("predictions", None)
        if predictions is not None and not self.is_name(predictions, self.current):
            raise NotTranslatable("EstimatorSpec's predictions are not the model output", predictions)
        if given:
            raise NotTranslatable(f"EstimatorSpec({', '.join(sorted(given))}=...) has no automatic Keras form",
                                  call)
        if not self.model.layers:
            raise NotTranslatable("model_fn has no layers", self.fn)


def _walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Every node under `node`, skipping attribute names (`x.units` uses only `x`)."""
    return iter_nodes(node, skip=_ATTRIBUTE_NAMES)


_ATTRIBUTE_NAMES = frozenset({(cst.Attribute, "attr")})

