"""The model_fn's eval_metric_ops as Keras metrics under the same keys. A mixin of
codemods/_model_fn.py's _ModelFn."""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from tfmigrate.codemods._estimator_keras import LOSSES, NotTranslatable
from tfmigrate.codemods._model_fn_common import (
    GLOBAL_STEP,
    TF1_ONLY,
    _Path,
    _names_used,
    _walk,
)
from tfmigrate.codemods._model_fn_losses import NN_LOSSES


ACCURACY, AUC, PRECISION, RECALL, MEAN_METRIC = (
    "tf.metrics.accuracy", "tf.metrics.auc", "tf.metrics.precision", "tf.metrics.recall", "tf.metrics.mean")
REGRESSION_METRICS = {
    "tf.metrics.mean_absolute_error": "MeanAbsoluteError",
    "tf.metrics.mean_squared_error": "MeanSquaredError",
    "tf.metrics.root_mean_squared_error": "RootMeanSquaredError",
}
MEAN_RELATIVE_ERROR, MEAN_PER_CLASS_ACCURACY, MEAN_IOU = (
    "tf.metrics.mean_relative_error", "tf.metrics.mean_per_class_accuracy", "tf.metrics.mean_iou")
# Counts of a thresholded binary prediction: the Keras metric of the same count.
CONFUSION_COUNTS = {
    "tf.metrics.true_positives": "TruePositives", "tf.metrics.false_positives": "FalsePositives",
    "tf.metrics.true_negatives": "TrueNegatives", "tf.metrics.false_negatives": "FalseNegatives",
}
PURE_BUILTINS = {"len", "int", "float", "min", "max", "abs", "round"}
PER_CLASS_ACCURACY = "per-class accuracy"  # metric_classes key of the generated Metric
KERAS_RESERVED = {"loss", "compile_metrics"}
# Keras losses that have a metric of the same name and options (the per-example mean).
LOSS_METRICS = {"SparseCategoricalCrossentropy", "CategoricalCrossentropy", "BinaryCrossentropy",
                "MeanSquaredError", "MeanAbsoluteError"}

# The loss functions of the Keras loss metrics a one-logit (batch,) output can have.
RANK_ONE_LOSS_FUNCTIONS = {"BinaryCrossentropy": "binary_crossentropy", "MeanSquaredError": "mean_squared_error",
                           "MeanAbsoluteError": "mean_absolute_error"}

# TF1's mean_per_class_accuracy (metrics_impl.py): Keras has no per-class accuracy metric.
PER_CLASS_ACCURACY_CLASS = '''class {name}({tf}.keras.metrics.Metric):
    """TF1's tf.metrics.mean_per_class_accuracy, which Keras has no metric for: per class, the
    share of its examples predicted right; their mean over num_classes (a class never seen
    counts 0)."""

    def __init__(self, num_classes, name=None):
        super().__init__(name=name)
        self.num_classes = num_classes
        self.total = self.add_variable(shape=(num_classes,), initializer="zeros", name="total")
        self.correct = self.add_variable(shape=(num_classes,), initializer="zeros", name="correct")

    def update_state(self, y_true, y_pred, sample_weight=None):
        labels = {tf}.reshape({tf}.cast(y_true, {tf}.int64), [-1])
        predictions = {tf}.reshape({tf}.argmax(y_pred, axis=-1), [-1])
        right = {tf}.cast({tf}.equal(predictions, labels), self.dtype)
        self.total.assign_add({tf}.math.unsorted_segment_sum({tf}.ones_like(right), labels, self.num_classes))
        self.correct.assign_add({tf}.math.unsorted_segment_sum(right, labels, self.num_classes))

    def result(self):
        return {tf}.reduce_mean({tf}.math.divide_no_nan(self.correct, self.total))'''

# Keras's metric on the probabilities the model_fn thresholded, where the model outputs logits.
SIGMOID_METRIC_CLASS = '''class {name}({tf}.keras.metrics.{keras}):
    """Keras's {keras} on the sigmoid of the logits: the model_fn thresholded probabilities."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        return super().update_state(y_true, {tf}.sigmoid(y_pred), sample_weight)'''


class MetricMapping:
    """The metric half of _ModelFn."""

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
        if name == MEAN_RELATIVE_ERROR:
            return self.mean_relative_error(key, call, path, output)
        if name in (MEAN_PER_CLASS_ACCURACY, MEAN_IOU):
            return self.per_class(key, name, call, path, output)
        if name not in (ACCURACY, AUC, PRECISION, RECALL, *REGRESSION_METRICS, *CONFUSION_COUNTS):
            raise NotTranslatable(f"metric `{name}` has no checked Keras metric (checked: accuracy, auc, precision, "
                                  "recall, true/false positives/negatives, mean, mean_absolute_error, "
                                  "mean_squared_error, root_mean_squared_error, mean_relative_error, "
                                  "mean_per_class_accuracy, mean_iou)", call)
        given = self.arguments(call, ("labels", "predictions", "weights"))
        given.pop("name", None)
        extra = {k: v for k, v in given.items() if k not in ("labels", "predictions")}
        label_ids = self.argmax_of_labels(given.get("labels"), path)  # one-hot labels' class ids
        if name == ACCURACY and label_ids and not extra:
            predictions = given.get("predictions")
            if predictions is not None and self.prediction_kind(predictions, path, output) == "argmax":
                return f'{self.tf}.keras.metrics.CategoricalAccuracy(name="{key}")'
        if not extra and not self.is_labels(given.get("labels"), path):
            fed = self.fed_metric(key, name, given, path, output)
            if fed is not None:
                return fed
        if extra:
            raise NotTranslatable(f"metric `{self.code(call)}` is given {', '.join(f'{k}=' for k in sorted(extra))}: "
                                  "tfmigrate maps it only with labels and predictions", call)
        if not self.is_labels(given.get("labels"), path):
            targets = "labels" if self.target is None else f"targets the loss compares with ({self.target})"
            raise NotTranslatable(f"metric `{self.code(call)}` is not computed on the {targets}", call)
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
        if name == AUC and kind == "output":
            # TF1's auc asserted its predictions lay in [0, 1]: the model outputs probabilities.
            return f"{k}.AUC({label})"
        if name in (PRECISION, RECALL) and kind == "positive_logit":
            cls = "Precision" if name == PRECISION else "Recall"
            return f"{k}.{cls}({label}, thresholds=0.0)"
        if name in CONFUSION_COUNTS and kind == "positive_logit":
            return f"{k}.{CONFUSION_COUNTS[name]}({label}, thresholds=0.0)"
        if name in (ACCURACY, PRECISION, RECALL, *CONFUSION_COUNTS) and kind is not None and kind.startswith("above:"):
            # TF1 compared `>` (or `>=`, which differs only at equality); Keras's BinaryAccuracy,
            # Precision, Recall and confusion counts count y_pred > threshold.
            _, compared, threshold = kind.split(":", 2)
            cls, option = {ACCURACY: ("BinaryAccuracy", "threshold"), PRECISION: ("Precision", "thresholds"),
                           RECALL: ("Recall", "thresholds"),
                           **{m: (c, "thresholds") for m, c in CONFUSION_COUNTS.items()}}[name]
            metric = f"{k}.{cls}" if compared == "output" else self.sigmoid_metric(cls)
            return f"{metric}({label}, {option}={threshold})"
        fed = self.fed_metric(key, name, given, path, output)
        if fed is not None:
            return fed
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
        if self.is_rank_one(output, path) and kind in RANK_ONE_LOSS_FUNCTIONS:
            # The (batch,) output reaches Keras as (batch, 1) while the labels stay (batch,):
            # Keras's loss metrics want one rank, so the labels take the output's shape.
            tf = self.tf
            return (f"{tf}.keras.metrics.MeanMetricWrapper(lambda y_true, y_pred: {tf}.keras.losses."
                    f"{RANK_ONE_LOSS_FUNCTIONS[kind]}({tf}.reshape({tf}.cast(y_true, y_pred.dtype), [-1, 1]), y_pred"
                    f"{', ' + options if options else ''}), name=\"{key}\")")
        return f"{self.tf}.keras.metrics.{kind}(name=\"{key}\"{', ' + options if options else ''})"

    def fed_metric(self, key: str, name: str, given: dict, path: _Path, output: str) -> Optional[str]:
        """Keras's own accuracy, precision, recall or confusion count, fed what the model_fn gave
        the TF1 metric (`tf.equal(labels, 0)`, `tf.equal(tf.argmax(logits, 1), 0)`): the same
        expressions of the labels (y_true) and the model output (y_pred), in a subclass whose
        update_state computes them. TF1's precision, recall and counts cast both to bool; its
        accuracy cast the predictions to the labels' dtype: so do the subclasses. Its auc takes
        the probabilities as given (`tf.nn.softmax(logits)[:, 1]`), as Keras's AUC does."""
        labels, predictions = given.get("labels"), given.get("predictions")
        if name not in (ACCURACY, AUC, PRECISION, RECALL, *CONFUSION_COUNTS) or labels is None or predictions is None \
                or set(given) - {"labels", "predictions"} or self.target is not None:
            return None
        self.metric_output = "y_pred[:, 0]" if self.is_rank_one(output, path) else "y_pred"
        try:
            label_text = self.as_metric_function(labels, path, output, 0)
            prediction_text = self.as_metric_function(predictions, path, output, 0)
        except NotTranslatable:
            return None
        if "y_pred" not in prediction_text or "params" in label_text + prediction_text:
            return None
        tf = self.tf
        if name == ACCURACY:
            keras, fed, options = "Accuracy", f"labels, {tf}.cast(predictions, labels.dtype)", ""
        elif name == AUC:
            # TF1's auc and Keras's AUC share their defaults: 200 thresholds spaced the same way,
            # ROC, trapezoids (Keras's "interpolation" on ROC), labels taken as booleans.
            keras, fed, options = "AUC", "labels, predictions", ""
        else:
            keras = CONFUSION_COUNTS.get(name) or ("Precision" if name == PRECISION else "Recall")
            fed, options = f"{tf}.cast(labels, {tf}.bool), {tf}.cast(predictions, {tf}.bool)", ", thresholds=0.5"
        camel = "".join(part.capitalize() for part in re.split(r"[^0-9a-zA-Z]+", key))
        cls = f"{self.class_name}{camel}{'' if camel.lower().endswith(keras.lower()) else keras}"
        label_text, prediction_text = _unwrapped(label_text), _unwrapped(prediction_text)
        while cls in self.taken or any(src.startswith(f"class {cls}(") for src in self.fed_classes):
            cls += "_"
        self.fed_classes.append("\n".join([
            f"class {cls}({tf}.keras.metrics.{keras}):",
            f'    """Keras\'s {keras} of what the model_fn gave {name} under "{key}"."""',
            "",
            "    def update_state(self, y_true, y_pred, sample_weight=None):",
            f"        labels = {label_text}",
            f"        predictions = {prediction_text}",
            f"        return super().update_state({fed}, sample_weight)"]))
        return f'{cls}(name="{key}"{options})'

    def mean_relative_error(self, key: str, call: cst.Call, path: _Path, output: str) -> str:
        """tf.metrics.mean_relative_error(labels, predictions, normalizer): the mean of
        |labels - predictions| / normalizer, 0 where the normalizer is 0. Keras has no such
        metric (its MeanAbsolutePercentageError is 100 * |y - p| / max(|y|, 1e-7)), so Keras's
        MeanMetricWrapper averages TF1's expression over every element and batch, as TF1 did.
        TF1 squeezed the labels to the predictions' shape: so does the reshape."""
        given = self.arguments(call, ("labels", "predictions", "normalizer", "weights"))
        given.pop("name", None)
        labels, predictions, normalizer = given.pop("labels", None), given.pop("predictions", None), \
            given.pop("normalizer", None)
        if given or normalizer is None or not self.is_labels(labels, path) or predictions is None \
                or self.prediction_kind(predictions, path, output) != "output":
            raise NotTranslatable(f"metric `{self.code(call)}` is not the mean relative error of the model output "
                                  "(unweighted): no checked Keras metric", call)
        tf = self.tf
        if self.is_labels(normalizer, path):
            norm = "labels"
        else:
            norm = self.compile_value(normalizer, path)
            if norm is None:
                raise NotTranslatable(f"metric `{self.code(call)}`: the normalizer is computed from tensors", normalizer)
        body = f"{tf}.where({tf}.equal({norm}, 0.0), {tf}.zeros_like(labels), {tf}.abs(labels - y_pred) / {norm})"
        return (f"{tf}.keras.metrics.MeanMetricWrapper(lambda y_true, y_pred: (lambda labels: {body})("
                f"{tf}.reshape({tf}.cast(y_true, y_pred.dtype), {tf}.shape(y_pred))), name=\"{key}\")")

    def per_class(self, key: str, name: str, call: cst.Call, path: _Path, output: str) -> str:
        """mean_per_class_accuracy / mean_iou(labels, tf.argmax(logits, 1), num_classes): both
        count a confusion matrix over the whole evaluation. Keras's MeanIoU with
        sparse_y_pred=False takes the argmax itself and averages the IoU over the classes seen,
        as TF1 did. Keras has no per-class accuracy: the model's own Metric (below) keeps TF1's
        counts, per class the share of its examples predicted right, averaged over num_classes
        (a class never seen counts 0, TF1's div_no_nan)."""
        given = self.arguments(call, ("labels", "predictions", "num_classes", "weights"))
        given.pop("name", None)
        labels, predictions, classes = given.pop("labels", None), given.pop("predictions", None), \
            given.pop("num_classes", None)
        kind = self.prediction_kind(predictions, path, output) if predictions is not None else None
        count = self.compile_value(classes, path) if classes is not None else None
        if given or not self.is_labels(labels, path) or kind != "argmax" or count is None:
            raise NotTranslatable(f"metric `{self.code(call)}` is not computed on the labels and the argmax of the "
                                  "model output (unweighted, num_classes a number): no checked Keras metric", call)
        if name == MEAN_IOU:
            return f"{self.tf}.keras.metrics.MeanIoU(num_classes={count}, sparse_y_pred=False, name=\"{key}\")"
        cls = self.metric_classes.get(PER_CLASS_ACCURACY)
        if cls is None:
            cls = f"{self.class_name}MeanPerClassAccuracy"
            while cls in self.taken:
                cls += "_"
            self.metric_classes[PER_CLASS_ACCURACY] = cls
        return f"{cls}({count}, name=\"{key}\")"

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
        if inner in ("output", "sigmoid"):
            # `output > t` / `tf.sigmoid(output) > t`, t a number or a hyperparameter:
            # "above:<what is compared>:<t as make_...() can read it>"
            value = self.compile_value(right, path)
            if value is not None:
                return f"above:{inner}:{value}"
        return None

    def compile_value(self, node: cst.BaseExpression, path: _Path) -> Optional[str]:
        """`node` as source the model's make function can evaluate (it has `params`), or None
        when it is computed from tensors."""
        node = self.value(node, path)
        if isinstance(node, (cst.Float, cst.Integer)):
            return self.code(node)
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus) \
                and isinstance(node.expression, (cst.Float, cst.Integer)):
            return self.code(node)
        used = _names_used(node)
        assigned = {n.value for sub in _walk(self.fn.body) if isinstance(sub, cst.AssignTarget)
                    for n in _walk(sub.target) if isinstance(n, cst.Name)}
        local = (set(self.params) - {"params"}) | assigned
        if used & local or ("params" in used and "params" not in self.params):
            return None
        if any(isinstance(sub, cst.Call) and not self.pure_builtin(sub.func) for sub in _walk(node)):
            return None
        return self.code(node)

    def pure_builtin(self, func: cst.BaseExpression) -> bool:
        """`len(CLASSES)`: a builtin that computes from its arguments alone, not rebound here."""
        return isinstance(func, cst.Name) and func.value in PURE_BUILTINS and (
            self.module_binding is None or self.module_binding(func) is None)

    def sigmoid_metric(self, keras: str) -> str:
        """Keras's own `keras` metric fed the sigmoid of the model's logits: the model_fn compared
        probabilities with a threshold, and Keras's Precision and Recall take thresholds in [0, 1]
        only, so they cannot compare the logits instead. The same float32 sigmoid as TF1's, then
        the same strict `>`: the same counts."""
        name = self.metric_classes.get(keras)
        if name is None:
            name = f"{self.class_name}Sigmoid{keras}"
            while name in self.taken:
                name += "_"
            self.metric_classes[keras] = name
        return name

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


def _unwrapped(text: str) -> str:
    """`(expr)` without its outer parentheses, when they enclose the whole text."""
    while text.startswith("(") and text.endswith(")") and '"' not in text and "'" not in text:
        depth = 0
        for i, char in enumerate(text):
            depth += {"(": 1, ")": -1}.get(char, 0)
            if depth == 0 and i < len(text) - 1:
                return text
        text = text[1:-1]
    return text
