"""The TF1 → Keras tables the Estimator translations share (activations, losses,
optimizers, metrics) and `NotTranslatable`, the reason, in words, a site was left alone.
Every mapping keeps the numbers the TF1 code used; docs/rules/estimator.md gives the
checks behind them. codemods/_model_fn.py and _canned.py use them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

import libcst as cst


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
    # TF1 maps the 0/1 labels to -1/1 and averages relu(1 - y * logits) over every element;
    # Keras's Hinge maps 0/1 labels the same way and averages the same terms.
    "tf.losses.hinge_loss": LossForm("Hinge", "labels", "logits", False),
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
# which use it, matched TF 2.15 exactly (tests/legacy/test_canned_equivalence.py). The L1
# and L2 strengths enter the same closed-form step: 5 steps with l1=0.01 gave bit-identical
# weights on TF 2.15 and Keras 3.
OPTIMIZERS["tf.train.FtrlOptimizer"] = OptimizerForm(
    "Ftrl", ("learning_rate", "learning_rate_power", "initial_accumulator_value", "l1_regularization_strength",
             "l2_regularization_strength"),
    (("learning_rate", "learning_rate"), ("learning_rate_power", "learning_rate_power"),
     ("initial_accumulator_value", "initial_accumulator_value"),
     ("l1_regularization_strength", "l1_regularization_strength"),
     ("l2_regularization_strength", "l2_regularization_strength")))
OPTIMIZER_DEFAULT_LR = {"tf.train.AdamOptimizer": "0.001"}

# TF1's ProximalAdagradOptimizer (training_ops ApplyProximalAdagrad, the optimizer the
# DNNClassifier documentation shows with an L1 strength): Adagrad's accumulator (starting at
# 0.1), then a proximal step: with rate = lr / sqrt(accum), v = var - rate * g becomes
# sign(v) * max(|v| - rate * l1, 0) / (1 + rate * l2). Keras has no proximal optimizer: its
# Adagrad keeps the state and takes TF1's step. A sparse gradient (an embedding table's)
# updates only its rows, duplicates summed first, as TF1's SparseApplyProximalAdagrad did:
# the L1 shrink never reaches rows the batch did not look up.
PROXIMAL_ADAGRAD = "tf.train.ProximalAdagradOptimizer"
PROXIMAL_ADAGRAD_FORM = OptimizerForm(
    "Adagrad", ("learning_rate", "initial_accumulator_value", "l1_regularization_strength",
                "l2_regularization_strength"),
    (("learning_rate", "learning_rate"), ("initial_accumulator_value", "initial_accumulator_value"),
     ("l1_regularization_strength", "l1_regularization_strength"),
     ("l2_regularization_strength", "l2_regularization_strength")))
PROXIMAL_ADAGRAD_CLASS = '''class {name}({tf}.keras.optimizers.Adagrad):
    """TF1's ProximalAdagradOptimizer: Adagrad's accumulator, then the proximal step of the L1
    and L2 strengths. A sparse gradient updates only the rows it holds, as TF1's did."""

    def __init__(self, learning_rate, initial_accumulator_value=0.1, l1_regularization_strength=0.0,
                 l2_regularization_strength=0.0, **kwargs):
        super().__init__(learning_rate, initial_accumulator_value=initial_accumulator_value, epsilon=0.0, **kwargs)
        self.l1_regularization_strength = l1_regularization_strength
        self.l2_regularization_strength = l2_regularization_strength

    def proximal(self, value, gradient, accumulator, learning_rate):
        rate = learning_rate * {tf}.math.rsqrt(accumulator)
        value = value - rate * gradient
        if self.l1_regularization_strength > 0:
            value = {tf}.sign(value) * {tf}.maximum({tf}.abs(value) - rate * self.l1_regularization_strength, 0.0)
        return value / (1.0 + rate * self.l2_regularization_strength)

    def update_step(self, gradient, variable, learning_rate):
        learning_rate = {tf}.cast(learning_rate, variable.dtype)
        accumulator = self._accumulators[self._get_variable_index(variable)]
        if isinstance(gradient, {tf}.IndexedSlices):
            rows, position = {tf}.unique(gradient.indices)
            values = {tf}.math.unsorted_segment_sum({tf}.cast(gradient.values, variable.dtype), position,
                                                   {tf}.shape(rows)[0])
            accumulated = {tf}.gather(accumulator, rows) + values * values
            self.assign(accumulator, {tf}.IndexedSlices(accumulated, rows))
            updated = self.proximal({tf}.gather(variable, rows), values, accumulated, learning_rate)
            self.assign(variable, {tf}.IndexedSlices(updated, rows))
        else:
            gradient = {tf}.cast(gradient, variable.dtype)
            self.assign_add(accumulator, gradient * gradient)
            self.assign(variable, self.proximal(variable, gradient, accumulator, learning_rate))

    def get_config(self):
        config = super().get_config()
        config.update(l1_regularization_strength=self.l1_regularization_strength,
                      l2_regularization_strength=self.l2_regularization_strength)
        return config'''
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
