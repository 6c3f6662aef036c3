"""tf.losses with per-example `weights` as the model's compute_loss.

TF1's tf.losses computed the loss of every element, multiplied it by the weights
(broadcast to the losses' shape, a squeezable last dimension taken off) and reduced it:
by default (SUM_BY_NONZERO_WEIGHTS) the weighted sum over the number of non-zero weights,
with MEAN over the sum of the weights, with SUM_OVER_BATCH_SIZE over the number of
elements (losses_impl.py compute_weighted_loss). Keras's losses divide a weighted sum by
the batch size or by the sum of the weights, never by the count of non-zero weights, so
the same arithmetic is written out: the per-element loss with tf.nn ops, then TF1's
reduction. Weights read from the features come from Keras's `x`; the compute_loss renderer
divides by the replicas, as every scalar compute_loss must (SEMANTICS).

TF1 accepted weights of rank 0, or of the losses' rank with dimensions of 1 or the losses'
(a sparse cross-entropy's weights may carry one squeezable dimension more): for all of
those the broadcast below is TF1's. Anything else failed in TF1 and fails here. A mixin of codemods/_model_fn.py's _ModelFn.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from tfmigrate.codemods._estimator_keras import NotTranslatable
from tfmigrate.codemods._model_fn_common import _Path, _names_used, _walk

REDUCTIONS = {
    None: "nonzero",
    "tf.losses.Reduction.SUM_BY_NONZERO_WEIGHTS": "nonzero",
    "tf.losses.Reduction.MEAN": "mean",
    "tf.losses.Reduction.SUM_OVER_BATCH_SIZE": "size",
}
ELEMENT_WISE = {"tf.losses.sigmoid_cross_entropy", "tf.losses.mean_squared_error", "tf.losses.absolute_difference",
                "tf.losses.huber_loss"}


class _FeaturesAsX(cst.CSTTransformer):
    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.Name:
        return cst.Name("x") if original_node.value == "features" else updated_node


class WeightedLoss:
    """The weighted half of LossMapping."""

    def weighted_loss(self, call: cst.Call, name: str, labels: cst.BaseExpression, output: cst.BaseExpression,
                      weights: cst.BaseExpression, reduction: Optional[cst.BaseExpression],
                      options: dict[str, str], path: _Path) -> tuple[str, str]:
        """("compute_loss:<lines>", the model output) for `call` with per-example weights."""
        how = REDUCTIONS.get(self.name_of(reduction) if reduction is not None else None)
        if how is None or self.target is not None:
            raise NotTranslatable(f"`{self.code(call)}`: weights with this reduction or on these targets have no "
                                  "checked Keras form", weights)
        source = self.weights_source(weights, path)
        if source is None:
            raise NotTranslatable(f"`{self.code(call)}`: weights computed from model tensors or names of the "
                                  "model_fn; tfmigrate follows weights read from the features (`features[\"w\"]`), "
                                  "numbers and hyperparameters", weights)
        out = self.output(output, path)
        tf = self.tf
        if name in ELEMENT_WISE:
            # call() returns a (batch,) output as (batch, 1); TF1 required labels of the output's shape
            prediction = "y_pred[:, 0]" if self.is_rank_one(out, path) else "y_pred"
            target = f"{tf}.cast({tf}.reshape(y_true, {tf}.shape({prediction})), {prediction}.dtype)"
        lines = []
        if name == "tf.losses.sparse_softmax_cross_entropy" or (
                name == "tf.losses.softmax_cross_entropy" and self.is_one_hot_labels(labels, path)
                and "label_smoothing" not in options):
            lines.append(f"losses = {tf}.nn.sparse_softmax_cross_entropy_with_logits(labels={tf}.cast({tf}.reshape("
                         f"y_true, {tf}.shape(y_pred)[:-1]), {tf}.int32), logits=y_pred)")
        elif name == "tf.losses.softmax_cross_entropy" and self.is_labels(labels, path):
            lines.append(f"one_hot = {tf}.cast(y_true, y_pred.dtype)")
            if "label_smoothing" in options:
                smoothing = options["label_smoothing"]
                lines.append(f"one_hot = one_hot * (1.0 - {smoothing}) + {smoothing} / {tf}.cast({tf}.shape(one_hot)[-1], "
                             "one_hot.dtype)")
            lines.append(f"losses = {tf}.nn.softmax_cross_entropy_with_logits(labels=one_hot, logits=y_pred)")
        elif name == "tf.losses.sigmoid_cross_entropy":
            lines.append(f"targets = {target}")
            if "label_smoothing" in options:
                smoothing = options["label_smoothing"]
                lines.append(f"targets = targets * (1.0 - {smoothing}) + 0.5 * {smoothing}")
            lines.append(f"losses = {tf}.nn.sigmoid_cross_entropy_with_logits(labels=targets, logits={prediction})")
        elif name == "tf.losses.mean_squared_error":
            lines.append(f"losses = {tf}.math.squared_difference({prediction}, {target})")
        elif name == "tf.losses.absolute_difference":
            lines.append(f"losses = {tf}.abs({prediction} - {target})")
        elif name == "tf.losses.huber_loss":
            delta = options.get("delta", "1.0")
            lines += [f"errors = {tf}.abs({prediction} - {target})",
                      f"quadratic = {tf}.minimum(errors, {delta})",
                      f"losses = 0.5 * quadratic * quadratic + {delta} * (errors - quadratic)"]
        else:
            raise NotTranslatable(f"`{self.code(call)}`: weights on this loss have no checked Keras form", weights)
        lines += [f"weights = {tf}.cast({source}, losses.dtype)",
                  "# TF1 took a squeezable last dimension off the weights, then broadcast them to the losses",
                  f"weights = ({tf}.reshape(weights, {tf}.shape(losses)) if weights.shape.rank == losses.shape.rank + 1 "
                  f"else {tf}.broadcast_to(weights, {tf}.shape(losses)))"]
        total = f"{tf}.reduce_sum(losses * weights)"
        regularized = self.regularized or self.variable_scales or self.decay_terms
        lines += {
            "nonzero": ["# tf.losses' default reduction: over the number of non-zero weights",
                        f"{tf}.math.divide_no_nan({total}, {tf}.cast({tf}.math.count_nonzero(weights), losses.dtype))"],
            "mean": ["# Reduction.MEAN: over the sum of the weights",
                     f"{tf}.math.divide_no_nan({total}, {tf}.reduce_sum(weights))"],
            "size": ["# Reduction.SUM_OVER_BATCH_SIZE: over the number of losses",
                     f"{total} / {tf}.cast({tf}.size(losses), losses.dtype)"],
        }[how]
        if regularized:  # what Keras's own compute_loss adds: the layers' regularization losses
            lines[-1] = f"{lines[-1]} + sum(self.losses)"
            lines[-1] = f"({lines[-1]})"
        return "compute_loss:" + "\n".join(lines), out

    def weights_source(self, weights: cst.BaseExpression, path: _Path) -> Optional[str]:
        """The weights as compute_loss reads them (`x["w"]` for `features["w"]`), when they read
        only the features, numbers, module-level names and hyperparameters."""
        node = self.value(weights, path)
        if "labels" in _names_used(node):
            return None
        assigned = {n.value for sub in _walk(self.fn.body) if isinstance(sub, cst.AssignTarget)
                    for n in _walk(sub.target) if isinstance(n, cst.Name)}
        used = _names_used(node) - {"features"}
        if used & (assigned | (set(self.params) - {"params"})):
            return None
        if "features" in assigned:  # rebound in the model_fn: not Keras's x
            return None
        return self.code(node.visit(_FeaturesAsX()))
