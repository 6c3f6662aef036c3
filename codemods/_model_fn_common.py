"""What the model_fn translation's parts share: the modes, the path a mode runs, and
the walks over LibCST nodes (codemods/_model_fn.py and its _model_fn_*.py mixins)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterator, Optional, Union

import libcst as cst

from tfmigrate.parents import iter_nodes

NameOf = Callable[[cst.CSTNode], Optional[str]]

TRAIN, EVAL, PREDICT = "train", "eval", "infer"
MODES = frozenset({TRAIN, EVAL, PREDICT})
MODE_KEYS = {f"tf.estimator.ModeKeys.{k}": v for k, v in (("TRAIN", TRAIN), ("EVAL", EVAL), ("PREDICT", PREDICT))}
KERAS_LAYER_MODULES = ("tf.keras.layers.", "keras.layers.")
GLOBAL_STEP = {"tf.train.get_global_step", "tf.train.get_or_create_global_step"}

# TF1 graph-building ops with no Keras 3 counterpart that tf.nn still spells: they fail on TF 2.21.
TF1_GRAPH_OPS = ("tf.nn.rnn_cell.", "tf.nn.dynamic_rnn", "tf.nn.bidirectional_dynamic_rnn", "tf.nn.static_rnn",
                 "tf.nn.raw_rnn", "tf.compat.v1.nn.rnn_cell.", "tf.compat.v1.nn.dynamic_rnn", "tf.rnn_cell.",
                 "tf.compat.v1.layers.", "tf.compat.v1.get_variable", "tf.compat.v1.variable_scope")
# tf.contrib.layers' layer functions, which slim re-exported (`slim.conv2d`): the model_fn
# translation makes their core Keras layers (codemods/_model_fn_layers.py, CONTRIB_LAYERS).
CONTRIB_LAYER_MODULES = ("tf.contrib.layers.", "tf.contrib.slim.")
CONTRIB_LAYER_FUNCTIONS = frozenset({"flatten", "fully_connected", "conv2d", "convolution2d", "max_pool2d",
                                     "avg_pool2d", "dropout", "embed_sequence"})


def is_static_shape_access(node: cst.CSTNode) -> bool:
    """`x.shape[-1]`, `x.get_shape()[3]` or `x.shape.as_list()[1]` of a name, on an axis other
    than the batch's: a static dimension, which Keras's call sees as TF1's graph did (the batch
    axis may be known in one and not in the other)."""
    if not (isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index)):
        return False
    index = node.slice[0].slice.value
    if isinstance(index, cst.UnaryOperation) and isinstance(index.operator, cst.Minus):
        index = index.expression
        if not isinstance(index, cst.Integer):
            return False
    elif not (isinstance(index, cst.Integer) and index.value != "0"):
        return False
    shape = node.value
    if isinstance(shape, cst.Call) and not shape.args and isinstance(shape.func, cst.Attribute) \
            and shape.func.attr.value == "as_list":
        shape = shape.func.value
    if isinstance(shape, cst.Call) and not shape.args and isinstance(shape.func, cst.Attribute) \
            and shape.func.attr.value == "get_shape":
        return isinstance(shape.func.value, cst.Name)
    return isinstance(shape, cst.Attribute) and shape.attr.value == "shape" and isinstance(shape.value, cst.Name)


def is_contrib_layer(name: str) -> bool:
    return name.startswith(CONTRIB_LAYER_MODULES) and name.rsplit(".", 1)[-1] in CONTRIB_LAYER_FUNCTIONS


TF1_ONLY = ("tf.layers.", "tf.contrib.", "tf.feature_column.", "tf.get_variable", "tf.variable_scope",
            "tf.keras.layers.DenseFeatures", "tf.losses.", "tf.metrics.", "tf.train.", "tf.estimator.")


@dataclass
class _Path:
    """The statements one mode runs, in order, up to its `return EstimatorSpec(...)`."""

    mode: str
    steps: list[Union[cst.BaseSmallStatement, cst.For]] = field(default_factory=list)
    spec: Optional[cst.Call] = None
    batch_norm_updates: bool = False  # the train_op waits for the UPDATE_OPS collection


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
        nodes += [s.target for s in _walk(step) if isinstance(s, cst.AugAssign)]
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


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


# evaluate()'s loss as the Estimator reported it, for the canned and the model_fn models'
# classes alike ({keras} and {tf} are the file's spellings).
EVALUATE_LOSS = [""] + """
def test_step(self, data):
    # Estimator.evaluate's loss was metrics.mean(loss): the mean of the per-batch losses,
    # each batch counted once (Keras's own test_step weighs a batch by its size, which
    # differs on a short last batch; an empty batch a replica gets at the end counts not
    # at all either way); the rest is Keras's test_step.
    x, y, sample_weight = {keras}.utils.unpack_x_y_sample_weight(data)
    y_pred = self(x, training=False)
    loss = self.compute_loss(x, y, y_pred, sample_weight, training=False)
    replicas = {tf}.distribute.get_strategy().num_replicas_in_sync  # Keras scaled the loss by 1/replicas
    for metric in self.metrics:
        if metric.name == "loss":
            metric.update_state(loss * replicas, sample_weight={tf}.minimum({tf}.shape(y_pred)[0], 1))
    return self.compute_metrics(x, y, y_pred, sample_weight)
""".strip("\n").split("\n")
