"""The head of a canned Estimator, or of a model_fn's `head.create_estimator_spec(...)`, as
the Keras model's loss, metrics and predictions (tensorflow_estimator 2.15 head/*.py: the V2
heads BinaryClassHead, MultiClassHead and RegressionHead, which the canned Estimators use).

`head` is any object with the head's settings: `classifier`, `n_classes`, `vocabulary`,
`label_dimension`, `reduction` (the Keras reduction of its loss_reduction), `v1`, `added`
(metrics tf.estimator.add_metrics added: AddedMetrics) and optionally `weight_column`. The
lines hold `{tf}` and `{keras}` for the file's spellings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from tfmigrate.codemods._canned_added_metrics import AddedMetrics
from tfmigrate.codemods._feature_columns import esc

BINARY_EVAL = ["accuracy", "accuracy_baseline", "auc", "auc_precision_recall", "average_loss", "label/mean",
               "loss", "precision", "prediction/mean", "recall"]
MULTI_EVAL = ["accuracy", "average_loss", "loss"]
REGRESSION_EVAL = ["average_loss", "label/mean", "loss", "prediction/mean"]
BINARY_PREDICT = ["logits", "logistic", "probabilities", "class_ids", "classes", "all_class_ids", "all_classes"]
MULTI_PREDICT = ["logits", "probabilities", "class_ids", "classes", "all_class_ids", "all_classes"]
REGRESSION_PREDICT = ["predictions"]


@dataclass
class HeadForm:
    """A head given on its own (a model_fn's `tf.estimator.BinaryClassHead()`): the
    settings head_init / head_methods read, at the head's defaults."""

    classifier: bool
    n_classes: int = 2
    vocabulary: Optional[list] = None
    label_dimension: int = 1
    reduction: str = "sum_over_batch_size"
    v1: bool = False
    added: AddedMetrics = field(default_factory=AddedMetrics)


def head_keys(head) -> tuple[list[str], list[str]]:
    """The keys of evaluate()'s results and of each prediction."""
    if not head.classifier:
        return list(REGRESSION_EVAL), list(REGRESSION_PREDICT)
    if head.n_classes == 2:
        return list(BINARY_EVAL), list(BINARY_PREDICT)
    return list(MULTI_EVAL), list(MULTI_PREDICT)


def head_init(head) -> list[str]:
    """__init__ lines: the head's loss and metrics ({tf} / {keras} placeholders)."""
    r = head.reduction
    out = []
    if head.vocabulary is not None:
        out.append(f"self.label_lookup = {{keras}}.layers.StringLookup(vocabulary={esc(repr(list(head.vocabulary)))}, "
                   "num_oov_indices=0, mask_token=None)")
    if not head.classifier:
        out.append(f'self.head_loss = {{keras}}.losses.MeanSquaredError(reduction="{r}")')
        out.append('self.squared_errors = {keras}.losses.MeanSquaredError(reduction=None)')
        out.append('self.average_loss = {keras}.metrics.Mean(name="average_loss")')
        out.append('self.label_mean = {keras}.metrics.Mean(name="label/mean")')
        out.append('self.prediction_mean = {keras}.metrics.Mean(name="prediction/mean")')
    elif head.n_classes == 2:
        out.append(f'self.head_loss = {{keras}}.losses.BinaryCrossentropy(from_logits=True, reduction="{r}")')
        out += [f'self.{attr} = {{keras}}.metrics.{cls}(name="{name}")' for attr, cls, name in (
            ("average_loss", "Mean", "average_loss"), ("accuracy", "Accuracy", "accuracy"),
            ("precision", "Precision", "precision"), ("recall", "Recall", "recall"),
            ("prediction_mean", "Mean", "prediction/mean"), ("label_mean", "Mean", "label/mean"),
            ("auc", "AUC", "auc"))]
        out.append('self.auc_pr = {keras}.metrics.AUC(curve="PR", name="auc_precision_recall")')
    else:
        out.append(f'self.head_loss = {{keras}}.losses.SparseCategoricalCrossentropy(from_logits=True, '
                   f'reduction="{r}")')
        out.append('self.average_loss = {keras}.metrics.Mean(name="average_loss")')
        out.append('self.accuracy = {keras}.metrics.Accuracy(name="accuracy")')
    return out + head.added.init


def head_methods(head, weight_key) -> list[str]:
    """labels_of, example_weights, compute_loss, compute_metrics and predict_step."""
    out = ["def labels_of(self, y):"]
    if not head.classifier:
        out.append(f"    return {{tf}}.reshape({{tf}}.cast(y, {{tf}}.float32), [-1, {head.label_dimension}])")
    else:
        y = "self.label_lookup(y)" if head.vocabulary is not None else "y"
        dtype = "float32" if head.n_classes == 2 else "int64"
        out.append(f"    return {{tf}}.reshape({{tf}}.cast({y}, {{tf}}.{dtype}), [-1, 1])")
    out += ["", "def example_weights(self, features):"]
    if weight_key is None:
        out.append("    return None")
    else:
        value = f"features[{weight_key!r}]"
        column = getattr(head, "weight_column", None)
        if column is not None and column.normalizer:
            value = f"({column.normalizer})({value})"
        out.append(f"    return {{tf}}.reshape({{tf}}.cast({value}, {{tf}}.float32), [-1, 1])")
    scale = ""
    if head.reduction == "sum" and not head.classifier and head.label_dimension > 1:
        scale = f" * {head.label_dimension}"  # SUM adds every label dimension; Keras averages them first
    out += ["", "def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):",
            f"    # loss_reduction {head.reduction.upper()} ({'V1' if head.v1 else 'V2'} default); "
            "example weights from weight_column",
            f"    return self.head_loss(self.labels_of(y), y_pred, sample_weight=self.example_weights(x)){scale}",
            "", "def compute_metrics(self, x, y, y_pred, sample_weight=None):",
            "    labels, weights = self.labels_of(y), self.example_weights(x)"]
    if not head.classifier:
        out += ["    self.average_loss.update_state(self.squared_errors(labels, y_pred), "
                "sample_weight=weights)",
                "    self.label_mean.update_state(labels, sample_weight=weights)",
                "    self.prediction_mean.update_state(y_pred, sample_weight=weights)",
                "    return self.get_metrics_result()"]
    elif head.n_classes == 2:
        out += ["    class_ids = {tf}.cast(y_pred > 0, {tf}.float32)  # argmax([0, logit])",
                "    logistic = {tf}.sigmoid(y_pred)",
                "    self.average_loss.update_state({keras}.losses.binary_crossentropy(labels, y_pred, "
                "from_logits=True), sample_weight=weights)",
                "    for metric in (self.accuracy, self.precision, self.recall):",
                "        metric.update_state(labels, class_ids, sample_weight=weights)",
                "    self.prediction_mean.update_state(logistic, sample_weight=weights)",
                "    self.label_mean.update_state(labels, sample_weight=weights)",
                "    self.auc.update_state(labels, logistic, sample_weight=weights)",
                "    self.auc_pr.update_state(labels, logistic, sample_weight=weights)",
                "    results = self.get_metrics_result()",
                "    # the head's accuracy of always predicting the majority label",
                '    results["accuracy_baseline"] = {tf}.maximum(results["label/mean"], 1 - results["label/mean"])',
                "    return results"]
    else:
        out += ["    self.average_loss.update_state({keras}.losses.sparse_categorical_crossentropy(labels, "
                "y_pred, from_logits=True), sample_weight=weights)",
                "    class_ids = {tf}.argmax(y_pred, axis=-1)[:, None]",
                "    self.accuracy.update_state(labels, class_ids, sample_weight=weights)",
                "    return self.get_metrics_result()"]
    if head.added.update:  # add_metrics: after the head's own, before the results are read
        at = next(i for i in range(len(out) - 1, -1, -1) if "self.get_metrics_result()" in out[i])
        out[at:at] = ["    # the metrics tf.estimator.add_metrics added, under their keys"] + [
            f"    {line}" for line in head.added.update]
    out += ["", "def predict_step(self, data):",
            "    features, _, _ = {keras}.utils.unpack_x_y_sample_weight(data)",
            "    logits = self(features, training=False)"]
    if not head.classifier:
        out.append('    return {{"predictions": logits}}')
        return out
    n = head.n_classes
    names = [str(i).encode() for i in range(n)] if head.vocabulary is None \
        else [str(v).encode() for v in head.vocabulary]
    if n == 2:
        out += ["    two_class_logits = {tf}.concat([{tf}.zeros_like(logits), logits], axis=-1)",
                "    probabilities = {tf}.nn.softmax(two_class_logits)",
                "    class_ids = {tf}.argmax(two_class_logits, axis=-1)[:, None]"]
    else:
        out += ["    probabilities = {tf}.nn.softmax(logits)",
                "    class_ids = {tf}.argmax(logits, axis=-1)[:, None]"]
    classes = "{tf}.strings.as_string(class_ids)" if head.vocabulary is None \
        else f"{{tf}}.gather({{tf}}.constant({esc(repr(names))}), class_ids)"
    out += ["    batch = {tf}.shape(logits)[0]",
            "    return {{",
            '        "logits": logits,'] + (['        "logistic": {tf}.sigmoid(logits),'] if n == 2 else []) + [
            '        "probabilities": probabilities,',
            '        "class_ids": class_ids,',
            f'        "classes": {classes},',
            f'        "all_class_ids": {{tf}}.tile({{tf}}.range({n})[None, :], [batch, 1]),',
            f'        "all_classes": {{tf}}.tile({{tf}}.constant([{esc(repr(names))}]), [batch, 1]),',
            "    }}"]
    return out
