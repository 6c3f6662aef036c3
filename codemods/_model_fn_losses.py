"""The model_fn's loss as a Keras loss: tf.losses / tf.nn *_with_logits with the same
reduction and options, regularization terms as Keras regularizers, and a loss written
with TF ops as the model's compute_loss. A mixin of codemods/_model_fn.py's _ModelFn."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from tfmigrate.codemods._estimator_keras import (
    LOSS_POSITIONAL_TAIL,
    LOSSES,
    MEAN_REDUCTIONS,
    NotTranslatable,
)
from tfmigrate.codemods._model_fn_common import (
    KERAS_LAYER_MODULES,
    TF1_GRAPH_OPS,
    TF1_ONLY,
    _Path,
    _is_none,
    _names_used,
    _walk,
)


LOG_LOSS = "tf.losses.log_loss"
COSINE_DISTANCE = "tf.losses.cosine_distance"
# tf.nn losses under tf.reduce_mean: Keras loss, labels keyword, logits keyword.
NN_LOSSES = {
    "tf.nn.sparse_softmax_cross_entropy_with_logits": ("SparseCategoricalCrossentropy", "labels"),
    "tf.nn.softmax_cross_entropy_with_logits": ("CategoricalCrossentropy", "labels"),
    "tf.nn.softmax_cross_entropy_with_logits_v2": ("CategoricalCrossentropy", "labels"),
    "tf.nn.sigmoid_cross_entropy_with_logits": ("BinaryCrossentropy", "labels"),
}


class LossMapping:
    """The loss half of _ModelFn (reads its paths and values)."""

    # -- loss --------------------------------------------------------------------------------

    def loss(self, node: cst.BaseExpression, path: _Path) -> tuple[str, str]:
        """(Keras loss, the model output expression as source)."""
        call = self.unwrap_identity(node, path)
        terms = self.sum_terms(call, path)
        if len(terms) > 1:
            # `loss + tf.losses.get_regularization_loss()`: the layers' regularizers count;
            # Keras adds a model's regularization losses to its loss itself. `loss + s *
            # tf.nn.l2_loss(w)` on a tf.get_variable becomes that weight's regularizer.
            extras = [t for t in terms if self.is_regularization_loss(t, path) or self.variable_l2(t, path, False)
                      or self.all_weights_l2(t, path, False)]
            bases = [t for t in terms if not any(t is e for e in extras)]
            if len(bases) == 1:
                for extra in extras:
                    if self.is_regularization_loss(extra, path):
                        self.regularized = True
                    elif not self.all_weights_l2(extra, path, True):
                        self.variable_l2(extra, path, True)
                return self.loss(bases[0], path)
        name = self.name_of(call.func) if isinstance(call, cst.Call) else None
        assert name is None or isinstance(call, cst.Call)
        if name == "tf.reduce_mean" and isinstance(call, cst.Call) and len(call.args) == 1 + any(
                a.keyword is not None and a.keyword.value == "name" for a in call.args):
            inner = self.value(call.args[0].value, path)
            if isinstance(inner, cst.Call) and self.name_of(inner.func) in NN_LOSSES:
                return self.nn_loss(inner, path)
        if name == LOG_LOSS and isinstance(call, cst.Call):
            return self.log_loss(call, path)
        if name == COSINE_DISTANCE and isinstance(call, cst.Call):
            return self.cosine_distance(call, path)
        form = LOSSES.get(name or "")
        if form is None and not name in NN_LOSSES and not (name or "").startswith("tf.losses."):
            custom = self.custom_loss(call, path)
            if custom is not None:
                return custom
        if len(terms) > 1 and (form is None or not isinstance(call, cst.Call)):
            raise NotTranslatable(f"loss `{self.code(call)}` adds up losses on several model tensors or targets, "
                                  "but not each term is a checked loss on one model tensor and one target, weighted "
                                  "by a number or a hyperparameter (the heads of a multi-output Keras model); write "
                                  "the model's compute_loss or train_step by hand", call)
        if form is None or not isinstance(call, cst.Call):
            raise NotTranslatable(f"loss `{self.code(call)}` has no checked Keras loss (checked: tf.losses "
                                  "mean_squared_error, absolute_difference, huber_loss, hinge_loss, log_loss, "
                                  "cosine_distance, softmax/sparse_softmax/sigmoid_cross_entropy, and tf.reduce_mean of "
                                  "tf.nn *_with_logits)", call)
        order = (form.label_arg, form.output_arg, *LOSS_POSITIONAL_TAIL.get(name or "", ("weights",)))
        given = self.arguments(call, order)
        labels = given.pop(form.label_arg, None)
        if not (self.is_loss_labels(labels, path)
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
        weighted = weights is not None and not (isinstance(weights, (cst.Float, cst.Integer))
                                                and float(weights.value) == 1.0)
        parts = ["from_logits=True"] if form.from_logits else []
        options: dict[str, str] = {}
        for key in form.extra:
            if key in given:
                options[key] = self.static(given.pop(key))
                parts.append(f"{key}={options[key]}")
        if given:
            raise NotTranslatable(f"`{self.code(call)}`: {', '.join(sorted(given))} has no automatic Keras form", call)
        if weighted:  # per-example weights: TF1's arithmetic as the model's compute_loss
            return self.weighted_loss(call, name or "", labels, output, weights, reduction, options, path)
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

    def log_loss(self, call: cst.Call, path: _Path) -> tuple[str, str]:
        """tf.losses.log_loss(labels, predictions, weights=1.0, epsilon=1e-7): TF1 adds epsilon
        inside both logs, -y*log(p + e) - (1 - y)*log(1 - p + e), where Keras's
        BinaryCrossentropy clips p to [1e-7, 1 - 1e-7] instead (a relative difference of e/p on
        every example). The same formula, in the same order, as the Keras loss function."""
        given = self.arguments(call, ("labels", "predictions", "weights", "epsilon", "scope", "loss_collection",
                                      "reduction"))
        epsilon = self.compile_value(given.pop("epsilon"), path) if "epsilon" in given else "1e-07"
        if epsilon is None:
            raise NotTranslatable(f"`{self.code(call)}`: epsilon is computed from tensors", call)
        tf = self.tf
        return self.formula_loss(call, given, path, f"-y_true * {tf}.math.log(y_pred + {epsilon}) - (1.0 - y_true) * "
                                 f"{tf}.math.log(1.0 - y_pred + {epsilon})")

    def cosine_distance(self, call: cst.Call, path: _Path) -> tuple[str, str]:
        """tf.losses.cosine_distance(labels, predictions, axis): TF1 takes 1 - sum(labels *
        predictions) along `axis`, without normalizing either (it expects unit vectors), where
        Keras's CosineSimilarity normalizes both and negates: TF1's formula as the Keras loss
        function."""
        given = self.arguments(call, ("labels", "predictions", "axis", "weights", "scope", "loss_collection",
                                      "reduction", "dim"))
        axis = given.pop("axis", None) or given.pop("dim", None)
        axis_text = self.compile_value(axis, path) if axis is not None else None
        if axis_text is None:
            raise NotTranslatable(f"`{self.code(call)}`: the axis is not given as a number or hyperparameter", call)
        return self.formula_loss(call, given, path,
                                 f"1.0 - {self.tf}.reduce_sum(y_true * y_pred, axis={axis_text}, keepdims=True)")

    def formula_loss(self, call: cst.Call, given: dict[str, cst.BaseExpression], path: _Path,
                     body: str) -> tuple[str, str]:
        """A tf.losses loss written out as its TF1 formula of `y_true` and `y_pred`, the Keras
        loss function: Keras brings y_true to y_pred's rank and dtype and averages over every
        element, as TF1's default reduction did; a number for `weights` scales that mean, as
        TF1's did. `given`: the call's other arguments, by name."""
        labels, predictions = given.pop("labels", None), given.pop("predictions", None)
        if not self.is_loss_labels(labels, path):
            raise NotTranslatable(f"`{self.code(call)}`: labels is not the model_fn's labels", call)
        if predictions is None:
            raise NotTranslatable(f"`{self.code(call)}` has no predictions", call)
        given.pop("scope", None)
        given.pop("loss_collection", None)
        reduction = given.pop("reduction", None)
        if reduction is not None and self.name_of(reduction) not in MEAN_REDUCTIONS:
            raise NotTranslatable(f"`{self.code(call)}`: this reduction has no equal Keras form", reduction)
        weights = given.pop("weights", None)
        if given:
            raise NotTranslatable(f"`{self.code(call)}`: {', '.join(sorted(given))} has no automatic Keras form", call)
        if weights is not None and not (isinstance(weights, (cst.Float, cst.Integer)) and float(weights.value) == 1.0):
            factor = self.compile_value(weights, path)  # None: per-example weights, from tensors
            if factor is None or reduction is not None and self.name_of(reduction) == "tf.losses.Reduction.MEAN":
                raise NotTranslatable(f"`{self.code(call)}`: weights change what the loss averages over", weights)
            body = f"({body}) * {factor}"
        return f"lambda y_true, y_pred: {body}", self.output(predictions, path)

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

        if not leaves(node, 0) or len(outputs) != 1 or self.regularized or self.variable_scales \
                or self.decay_terms:
            return None
        output = next(iter(outputs))
        if "labels" in _names_used(cst.parse_expression(output)):
            return None
        # A (batch,) output reaches Keras as (batch, 1) (call() expands it): the loss reads it back
        # as the model_fn had it, so it meets the labels with the model_fn's shapes.
        self.metric_output = "y_pred[:, 0]" if self.is_rank_one(output, path) else "y_pred"
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
        split = self.static_scale(self.unwrap_identity(node, path))
        if split is None:
            return False
        scale, node = split[0], self.value(split[1], path)
        if not (isinstance(node, cst.Call) and self.name_of(node.func) in ("tf.nn.l2_loss",) and len(node.args) == 1):
            return False
        weight = self.value(node.args[0].value, path)
        if not (isinstance(weight, cst.Call) and self.name_of(weight.func) == "tf.get_variable"):
            return False
        if record:  # keyed by the term too: the EVAL path reads the same loss again
            self.variable_scales.setdefault(id(weight), {})[id(node)] = scale
        return True

    def static_scale(self, node: cst.BaseExpression) -> Optional[tuple[str, cst.BaseExpression]]:
        """(source of s, x) for `s * x` or `x * s` with s static (hyperparameters, literals,
        module-level names), ("1.0", node) for anything but a product, None for a product of
        two computed values."""
        if not (isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Multiply)):
            return "1.0", node
        for factor, other in ((node.left, node.right), (node.right, node.left)):
            if self.check_static(factor) and not _names_used(factor) & {"features", "labels"}:
                return self.code(factor), other
        return None

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
            if isinstance(bound, (cst.Call, cst.IfExp)) and self.check_static(bound):
                self.consumed.add(node.value)
                return self.regularizer(bound)
        if isinstance(node, cst.IfExp) and self.check_static(node.test):
            # `l2(params["l2"]) if params["l2"] else None`: the same choice, made when the layer is made
            body, orelse = self.regularizer(node.body), self.regularizer(node.orelse)
            return f"({body or 'None'} if {self.code(node.test)} else {orelse or 'None'})"
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
        if given or logits is None or not (self.is_loss_labels(labels, path) or self.is_one_hot_labels(labels, path)):
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
