"""`est = tf.estimator.add_metrics(est, metric_fn)` on a canned Estimator: the metrics
metric_fn returns become Keras metrics of the canned model, updated in its
compute_metrics from the same labels and predictions, under the same keys, so that
`evaluate()["rmse"]` still reads.

TF1 (tensorflow_estimator's extenders.py) called metric_fn in EVAL with the labels the
input_fn gave and the head's predictions dict, and merged its metrics into the head's. A
metric_fn is followed where every metric it returns is one of:
- a tf.metrics call on the labels and one prediction (`predictions["logistic"]`, a local
  bound to it, a `tf.cast` of either, or a column of it: `predictions["probabilities"][:, 1]`):
  accuracy, auc, precision, recall, mean_squared_error, root_mean_squared_error,
  mean_absolute_error, mean of a prediction, or mean_per_class_accuracy of the class ids;
- a Keras metric object the function makes and updates once (`m = tf.keras.metrics.AUC();
  m.update_state(labels, predictions["logistic"])`), as the add_metrics documentation shows.
Anything else (weights, features, config, another key of the head's own) is reported.

The labels are the head's (`labels_of(y)`: (batch, 1), the dtype the head uses), which TF1's
metrics saw after squeezing them to the predictions' shape; the predictions are computed
from the logits as the head's predict_step computes them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Optional

import libcst as cst

from tfmigrate.codemods._estimator_keras import NotTranslatable
from tfmigrate.codemods._feature_columns import esc
from tfmigrate.codemods._model_fn_common import _walk
from tfmigrate.codemods._model_fn_metrics import PER_CLASS_ACCURACY_CLASS

ADD_METRICS = {"tf.estimator.add_metrics", "tf.contrib.estimator.add_metrics"}
METRIC_FN_PARAMS = {"labels", "predictions", "features", "config"}

# tf.metrics function -> (Keras metric class, its options, how update_state is fed from
# `labels` and `predictions` texts). TF1's accuracy cast the predictions to the labels'
# dtype; precision and recall cast both to bool; auc and the errors take them as they are
# (TF1's auc and Keras's AUC share 200 thresholds, ROC and trapezoids).
TF_METRICS: dict[str, tuple[str, str, Callable[[str, str, str], str]]] = {
    "tf.metrics.accuracy": ("Accuracy", "", lambda tf, y, p: f"{y}, {tf}.cast({p}, {y}.dtype)"),
    "tf.metrics.auc": ("AUC", "", lambda tf, y, p: f"{y}, {p}"),
    "tf.metrics.precision": ("Precision", ", thresholds=0.5",
                             lambda tf, y, p: f"{tf}.cast({y}, {tf}.bool), {tf}.cast({p}, {tf}.bool)"),
    "tf.metrics.recall": ("Recall", ", thresholds=0.5",
                          lambda tf, y, p: f"{tf}.cast({y}, {tf}.bool), {tf}.cast({p}, {tf}.bool)"),
    "tf.metrics.mean_squared_error": ("MeanSquaredError", "", lambda tf, y, p: f"{y}, {p}"),
    "tf.metrics.root_mean_squared_error": ("RootMeanSquaredError", "", lambda tf, y, p: f"{y}, {p}"),
    "tf.metrics.mean_absolute_error": ("MeanAbsoluteError", "", lambda tf, y, p: f"{y}, {p}"),
}
MEAN = "tf.metrics.mean"
MEAN_PER_CLASS_ACCURACY = "tf.metrics.mean_per_class_accuracy"
# Where the canned model's name goes in the per-class accuracy class it defines (Keras has none).
PER_CLASS_CLASS = "<per-class accuracy>"


@dataclass
class Head:
    """What a canned head gives metric_fn: its kind, and the keys its own metrics take."""

    classifier: bool
    n_classes: Optional[int]
    vocabulary: Optional[list]
    eval_keys: list
    weighted: bool = False  # the Estimator has a weight_column, which its head's metrics read
    v1: bool = False  # tf.compat.v1.estimator's class: its head computed tf.compat.v1.metrics


@dataclass
class AddedMetrics:
    init: list[str] = field(default_factory=list)  # lines of __init__ ({tf} / {keras} placeholders)
    update: list[str] = field(default_factory=list)  # lines of compute_metrics, after the head's
    keys: list[str] = field(default_factory=list)
    # classes the model module defines (class name suffix -> template with {name} and {tf});
    # init lines name them by PER_CLASS_CLASS
    classes: dict[str, str] = field(default_factory=dict)


def added_metrics(fn: cst.FunctionDef, head: Head, name_of: Callable[[cst.CSTNode], Optional[str]],
                  code: Callable[[cst.CSTNode], str]) -> AddedMetrics:
    return _MetricFn(fn, head, name_of, code).read()


class _MetricFn:
    def __init__(self, fn, head: Head, name_of, code) -> None:
        self.fn, self.head, self.name_of, self.code = fn, head, name_of, code
        self.locals: dict[str, cst.BaseExpression] = {}
        self.updates: dict[str, cst.Call] = {}  # local Keras metric -> its one update_state call
        self.out = AddedMetrics()

    def fail(self, why: str, node: Optional[cst.CSTNode] = None) -> NotTranslatable:
        return NotTranslatable(f"add_metrics: `{self.fn.name.value}` {why}", node or self.fn)

    def read(self) -> AddedMetrics:
        params = self.fn.params
        if params.star_arg is not cst.MaybeSentinel.DEFAULT or params.star_kwarg or params.kwonly_params \
                or params.posonly_params or any(p.default is not None for p in params.params):
            raise self.fail("takes other parameters than labels, predictions, features and config")
        names = [p.name.value for p in params.params]
        if set(names) - METRIC_FN_PARAMS:
            raise self.fail(f"takes `{sorted(set(names) - METRIC_FN_PARAMS)[0]}`, which add_metrics never passes")
        if self.fn.decorators or self.fn.asynchronous or not isinstance(self.fn.body, cst.IndentedBlock):
            raise self.fail("is decorated, async or written on one line")
        if self.head.vocabulary is not None:
            raise self.fail("reads the labels of a label_vocabulary head, which TF1 passed as strings")
        body = list(self.fn.body.body)
        returned = None
        for i, stmt in enumerate(body):
            if not isinstance(stmt, cst.SimpleStatementLine):
                raise self.fail("holds a compound statement", stmt)
            for small in stmt.body:
                if i == 0 and isinstance(small, cst.Expr) and isinstance(small.value, cst.SimpleString):
                    continue  # the docstring
                if isinstance(small, cst.Return):
                    if i != len(body) - 1:
                        raise self.fail("returns before its end", small)
                    returned = small.value
                elif isinstance(small, cst.Assign) and len(small.targets) == 1 \
                        and isinstance(small.targets[0].target, cst.Name):
                    name = small.targets[0].target.value
                    if name in self.locals or name in names:
                        raise self.fail(f"binds `{name}` more than once", small)
                    self.locals[name] = small.value
                elif isinstance(small, cst.Expr) and self.update_call(small.value) is not None:
                    owner = small.value.func.value.value  # type: ignore[attr-defined]
                    if owner in self.updates:
                        raise self.fail(f"updates `{owner}` more than once", small)
                    self.updates[owner] = small.value  # type: ignore[assignment]
                else:
                    raise self.fail(f"runs `{self.code(small)}`, which tfmigrate does not follow", small)
        if not isinstance(returned, cst.Dict):
            raise self.fail("does not return a dict literal of its metrics")
        for element in returned.elements:
            if not isinstance(element, cst.DictElement) or not isinstance(element.key, cst.SimpleString):
                raise self.fail("returns a dict whose keys are not all string literals", returned)
            key = element.key.evaluated_value
            if isinstance(key, str) and key in self.head.eval_keys and self.same_as_head(key, element.value):
                continue  # TF1 replaced the head's metric with the very same one: the head's stays
            if not isinstance(key, str) or key in self.head.eval_keys or key in ("global_step", *self.out.keys):
                raise self.fail(f"returns the key {key!r}, which the head's own metrics (or another of its "
                                "metrics) take: TF1 replaced that metric, which tfmigrate does not", element)
            self.metric(key, element.value)
            self.out.keys.append(key)
        for owner in self.updates:
            if not any(isinstance(e.value, cst.Name) and e.value.value == owner for e in returned.elements):
                raise self.fail(f"updates `{owner}`, which it does not return", self.updates[owner])
        return self.out

    def same_as_head(self, key: str, node: cst.BaseExpression) -> bool:
        """Is the metric under `key` the V1 binary head's own metric of that key, computed alike
        (head.py `_binary_logistic_head`: tf.compat.v1.metrics.auc of the labels and `logistic`,
        ROC or PR, 200 thresholds; accuracy of the labels and `class_ids`), with no weights on
        either side? Numeric labels only: the head compared its label ids, metric_fn got the
        labels. (The V2 heads compute Keras metrics, which a tf.compat.v1.metrics call does not
        equal: reported.)"""
        if not self.head.v1 or not self.head.classifier or self.head.n_classes != 2 \
                or self.head.vocabulary is not None or self.head.weighted:
            return False
        call = self.resolved(node)
        if not isinstance(call, cst.Call):
            return False
        name = self.name_of(call.func)
        wanted = {"auc": ("tf.metrics.auc", "logistic", None), "auc_precision_recall": ("tf.metrics.auc", "logistic", "PR"),
                  "accuracy": ("tf.metrics.accuracy", "class_ids", None)}.get(key)
        if wanted is None or name != wanted[0]:
            return False
        try:
            given = self.arguments(call, ("labels", "predictions"))
        except NotTranslatable:
            return False
        given.pop("name", None)
        curve = given.pop("curve", None)
        curve_text = curve.evaluated_value if isinstance(curve, cst.SimpleString) else None if curve is None else ""
        labels, predictions = given.pop("labels", None), given.pop("predictions", None)
        params = [p.name.value for p in self.fn.params.params]
        return not given and curve_text in ((wanted[2],) if wanted[2] else (None, "ROC")) \
            and isinstance(labels, cst.Name) and labels.value == "labels" and "labels" in params \
            and isinstance(predictions, cst.Subscript) and isinstance(predictions.value, cst.Name) \
            and predictions.value.value == "predictions" and len(predictions.slice) == 1 \
            and isinstance(predictions.slice[0].slice, cst.Index) \
            and isinstance(predictions.slice[0].slice.value, cst.SimpleString) \
            and predictions.slice[0].slice.value.evaluated_value == wanted[1]

    def update_call(self, node: cst.BaseExpression) -> Optional[cst.Call]:
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
                and node.func.attr.value == "update_state" and isinstance(node.func.value, cst.Name):
            return node
        return None

    # -- one metric ------------------------------------------------------------------------

    def metric(self, key: str, node: cst.BaseExpression) -> None:
        attr = "added_" + re.sub(r"\W+", "_", key).strip("_").lower()
        while any(line.startswith(f"self.{attr} = ") for line in self.out.init):
            attr += "_"
        if isinstance(node, cst.Name) and node.value in self.updates:
            self.keras_object(key, attr, node.value)
            return
        call = self.resolved(node)
        name = self.name_of(call.func) if isinstance(call, cst.Call) else None
        if name == MEAN_PER_CLASS_ACCURACY:
            self.per_class_accuracy(key, attr, call)  # type: ignore[arg-type]
            return
        if not isinstance(call, cst.Call) or (name not in TF_METRICS and name != MEAN):
            raise self.fail(f"returns `{self.code(node)}` under {key!r}: not a Keras metric it updates or a tf.metrics "
                            f"call tfmigrate maps ({', '.join(sorted(n.rsplit('.', 1)[1] for n in TF_METRICS))}, "
                            "mean)", node)
        order = ("values",) if name == MEAN else ("labels", "predictions")
        given = self.arguments(call, order)
        given.pop("name", None)
        if set(given) != set(order):
            raise self.fail(f"gives `{self.code(call)}` {', '.join(sorted(set(given) ^ set(order)))}: tfmigrate maps "
                            "it with labels and predictions alone", call)
        if name == MEAN:
            self.out.init.append(f'self.{attr} = {{keras}}.metrics.Mean(name="{key}")')
            self.out.update.append(f"self.{attr}.update_state({self.value(given['values'], False)})")
            return
        labels, predictions = self.value(given["labels"], True), self.value(given["predictions"], False)
        keras, options, fed = TF_METRICS[name]  # type: ignore[index]
        self.out.init.append(f'self.{attr} = {{keras}}.metrics.{keras}(name="{key}"{options})')
        self.out.update.append(f"self.{attr}.update_state({fed('{tf}', labels, predictions)})")

    def per_class_accuracy(self, key: str, attr: str, call: cst.Call) -> None:
        """mean_per_class_accuracy(labels, predictions["class_ids"], num_classes): Keras has no
        such metric; the model module's own Metric keeps TF1's counts (codemods/_model_fn_metrics.py),
        fed the class ids as one-hot rows, whose argmax they are."""
        given = self.arguments(call, ("labels", "predictions", "num_classes"))
        given.pop("name", None)
        count = given.get("num_classes")
        if set(given) != {"labels", "predictions", "num_classes"} or not isinstance(count, cst.Integer):
            raise self.fail(f"gives `{self.code(call)}` other arguments than labels, predictions and a number of "
                            "classes", call)
        labels, predictions = self.value(given["labels"], True), self.value(given["predictions"], False)
        if predictions != self.prediction("class_ids", call):
            raise self.fail(f"gives `{self.code(call)}` predictions other than the class ids", call)
        self.out.classes["MeanPerClassAccuracy"] = PER_CLASS_ACCURACY_CLASS
        self.out.init.append(f'self.{attr} = {PER_CLASS_CLASS}({count.value}, name="{key}")')
        self.out.update.append(f"self.{attr}.update_state({labels}, "
                               f"{{tf}}.one_hot({{tf}}.reshape({predictions}, [-1]), {count.value}))")

    def keras_object(self, key: str, attr: str, owner: str) -> None:
        made = self.locals.get(owner)
        name = self.name_of(made.func) if isinstance(made, cst.Call) else None
        if not isinstance(made, cst.Call) or not name or not re.fullmatch(r"(tf\.)?keras\.metrics\.[A-Z]\w*", name):
            raise self.fail(f"updates `{owner}`, which is not made by a tf.keras.metrics class here", made)
        args = []
        for arg in made.args:
            if arg.star:
                raise self.fail(f"unpacks arguments into `{self.code(made)}`", made)
            if arg.keyword is not None and arg.keyword.value == "name":
                continue  # evaluate() reported it under the dict's key
            if arg.keyword is None:
                raise self.fail(f"gives `{self.code(made)}` positional arguments: name them", made)
            if any(isinstance(n, cst.Name) and n.value in self.locals for n in _walk(arg.value)):
                raise self.fail(f"makes `{owner}` from its own locals", made)
            args.append(f"{arg.keyword.value}={esc(self.code(arg.value))}")
        cls = name.rsplit(".", 1)[1]
        self.out.init.append(f'self.{attr} = {{keras}}.metrics.{cls}({", ".join([*args, f"name={key!r}"])})')
        call = self.updates[owner]
        given = self.arguments(call, ("y_true", "y_pred", "sample_weight"))
        if "sample_weight" in given:
            raise self.fail(f"updates `{owner}` with sample_weight, which tfmigrate does not follow", call)
        if set(given) != {"y_true", "y_pred"}:
            raise self.fail(f"updates `{owner}` without y_true and y_pred", call)
        self.out.update.append(f"self.{attr}.update_state({self.value(given['y_true'], True)}, "
                               f"{self.value(given['y_pred'], False)})")

    # -- values --------------------------------------------------------------------------

    def arguments(self, call: cst.Call, order: tuple[str, ...]) -> dict[str, cst.BaseExpression]:
        given: dict[str, cst.BaseExpression] = {}
        for i, arg in enumerate(call.args):
            if arg.star:
                raise self.fail(f"unpacks arguments into `{self.code(call)}`", call)
            key = arg.keyword.value if arg.keyword is not None else (order[i] if i < len(order) else f"#{i}")
            given[key] = arg.value
        return given

    def resolved(self, node: cst.BaseExpression, seen: int = 0) -> cst.BaseExpression:
        while isinstance(node, cst.Name) and node.value in self.locals and seen < 20:
            node, seen = self.locals[node.value], seen + 1
        return node

    def value(self, node: cst.BaseExpression, is_labels: bool) -> str:
        """The labels or one prediction, as compute_metrics computes it from `labels` and
        `y_pred` (the logits)."""
        node = self.resolved(node)
        if isinstance(node, cst.Name) and node.value == "labels":
            if not is_labels:
                raise self.fail("compares the labels with themselves", node)
            return "labels"
        if isinstance(node, cst.Call) and self.name_of(node.func) == "tf.cast" and len(node.args) == 2 \
                and not any(a.star for a in node.args):
            dtype = self.name_of(node.args[1].value) or ""
            if not re.fullmatch(r"tf\.(float(16|32|64)|int(32|64)|bool)", dtype):
                raise self.fail(f"casts to `{self.code(node.args[1].value)}`", node)
            return f"{{tf}}.cast({self.value(node.args[0].value, is_labels)}, {{tf}}.{dtype[3:]})"
        if isinstance(node, cst.Subscript) and not is_labels:
            inner = self.resolved(node.value)
            if isinstance(inner, cst.Name) and inner.value == "predictions" and len(node.slice) == 1 \
                    and isinstance(node.slice[0].slice, cst.Index) \
                    and isinstance(node.slice[0].slice.value, cst.SimpleString):
                return self.prediction(node.slice[0].slice.value.evaluated_value, node)
            if _literal_slice(node):
                return f"{self.value(inner, False)}{self.code(node)[len(self.code(node.value)):]}"
        raise self.fail(f"reads `{self.code(node)}`, which is not the labels or one of the head's predictions", node)

    def prediction(self, key: object, node: cst.CSTNode) -> str:
        head = self.head
        if not head.classifier:
            forms = {"predictions": "y_pred"}
        elif head.n_classes == 2:
            forms = {"logits": "y_pred", "logistic": "{tf}.sigmoid(y_pred)",
                     "probabilities": "{tf}.nn.softmax({tf}.concat([{tf}.zeros_like(y_pred), y_pred], axis=-1))",
                     "class_ids": "{tf}.cast(y_pred > 0, {tf}.int64)"}
        else:
            forms = {"logits": "y_pred", "probabilities": "{tf}.nn.softmax(y_pred)",
                     "class_ids": "{tf}.argmax(y_pred, axis=-1)[:, None]"}
        if key not in forms:
            raise self.fail(f"reads predictions[{key!r}], which tfmigrate does not compute for this head "
                            f"(it does: {', '.join(forms)})", node)
        return forms[key]  # type: ignore[index]


def _literal_slice(node: cst.Subscript) -> bool:
    """`x[:, 1]`, `x[:, 0:1]`: integer indices and slices of integers only."""
    for element in node.slice:
        part = element.slice
        if isinstance(part, cst.Index):
            if not isinstance(part.value, cst.Integer):
                return False
        elif isinstance(part, cst.Slice):
            if any(v is not None and not isinstance(v, cst.Integer) for v in (part.lower, part.upper, part.step)):
                return False
        else:
            return False
    return True
