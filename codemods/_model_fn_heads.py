"""A model_fn whose loss adds up the losses of several heads (multi-task, dict labels),
weighted by numbers or hyperparameters, as a Keras model with one output per head. A mixin
of codemods/_model_fn.py's _ModelFn.

`loss = seg_loss + params["w"] * spend_loss`, each term a loss the single-output mapping
knows (tf.losses.*, tf.reduce_mean of tf.nn *_with_logits) on one model tensor and one
target (`labels["key"]`, the labels, or input features):
- call() returns a dict {tensor name: tensor}; a (batch,) head goes out as (batch, 1), as a
  single output does, and predict_step takes the tensors as the model_fn had them;
- compute_loss adds the heads' Keras losses with the model_fn's weights: each Keras loss
  averages over its head's elements as the TF1 loss did, and scales itself for the replicas
  (keras.losses reduce_values), so the sum is not divided again (checked: 1 and 2 replicas
  of MirroredStrategy train the same);
- compute_metrics feeds each metric its head's target and output: Keras 3 would rename
  compiled metrics of a dict output `<output>_<metric>`, so the metrics are the model's own
  attributes, under the model_fn's keys (`results["accuracy"]` still reads).
A weight computed from tensors, a term with no single-output form, a loss function form
(log_loss) or regularization terms next to the heads stay reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

import libcst as cst

from tfmigrate.codemods._estimator_keras import NotTranslatable
from tfmigrate.codemods._model_fn_common import _Path


@dataclass(frozen=True)
class Head:
    keras: str  # the Keras loss, as `SparseCategoricalCrossentropy(from_logits=True)`
    output: str  # the model_fn's tensor it compares
    target: str  # what it compares with, as compute_loss reads it: y, y["key"], x["key"]
    weight: Optional[str]  # the factor the model_fn gave it, as source


HEADS_LOSS = "heads:"


class Heads:
    """Recognizes a sum of head losses and writes the multi-output model's parts."""

    def heads(self, node: cst.BaseExpression, path: _Path) -> Optional[list[Head]]:
        """The heads of a sum of several losses, or None when it is not one."""
        terms = self.sum_terms(self.unwrap_identity(node, path), path)  # type: ignore[attr-defined]
        if len(terms) < 2 or any(self.is_regularization_loss(t, path) or self.variable_l2(t, path, False)  # type: ignore[attr-defined]
                                 for t in terms):
            return None
        out = []
        for term in terms:
            term = self.unwrap_identity(term, path)  # type: ignore[attr-defined]
            weight = None
            if isinstance(term, cst.BinaryOperation) and isinstance(term.operator, cst.Multiply):
                for factor, other in ((term.left, term.right), (term.right, term.left)):
                    weight = self.compile_value(factor, path)  # type: ignore[attr-defined]
                    if weight is not None:
                        term = self.unwrap_identity(other, path)  # type: ignore[attr-defined]
                        break
                else:
                    return None
            saved = self.target  # type: ignore[has-type]
            self.target = None
            try:
                keras, output = self.loss(term, path)  # type: ignore[attr-defined]
            except NotTranslatable:
                return None
            finally:
                target, self.target = self.target, saved
            if keras.startswith(("lambda ", "compute_loss:")) or not output.isidentifier():
                return None
            out.append(Head(keras, output, target or "y", weight))
        return out

    @staticmethod
    def heads_output(heads: list[Head]) -> str:
        names = list(dict.fromkeys(h.output for h in heads))
        return "{" + ", ".join(f'"{n}": {n}' for n in names) + "}"

    def heads_return(self, heads: list[Head], path: _Path) -> str:
        """call()'s return: each head's tensor, a (batch,) one as (batch, 1) for Keras."""
        parts = []
        for name in dict.fromkeys(h.output for h in heads):
            value = f"{self.tf}.expand_dims({name}, -1)" if self.is_rank_one(name, path) else name  # type: ignore[attr-defined]
            parts.append(f'"{name}": {value}')
        return "return {" + ", ".join(parts) + "}"

    def heads_loss(self, heads: list[Head]) -> str:
        terms = []
        for h in heads:
            term = f'{self.tf}.keras.losses.{h.keras}({h.target}, y_pred["{h.output}"])'  # type: ignore[attr-defined]
            terms.append(term if h.weight is None else f"{h.weight} * {term}")
        if any(re.search(r"\bparams\b", t) for t in terms):
            self.uses_params = True
        return " + ".join(terms)

    def head_metrics(self, path: _Path, heads: list[Head]) -> list[str]:
        """Each eval metric on the head whose target and output it reads: the metric made in
        __init__, and the line of compute_metrics that feeds it."""
        spec = self.spec_args(path)  # type: ignore[attr-defined]
        ops = spec.get("eval_metric_ops")
        if ops is None:
            return []
        ops = self.value(ops, path)  # type: ignore[attr-defined]
        if not isinstance(ops, cst.Dict):
            raise NotTranslatable("eval_metric_ops is not a dict of tf.metrics built in model_fn", ops)
        updates = []
        for element in ops.elements:
            if not isinstance(element, cst.DictElement) or not isinstance(element.key, cst.SimpleString) \
                    or not isinstance(element.key.evaluated_value, str):
                raise NotTranslatable("eval_metric_ops keys must be plain strings", ops)
            key = element.key.evaluated_value
            value = self.value(element.value, path)  # type: ignore[attr-defined]
            problem: Optional[NotTranslatable] = None
            for head in dict.fromkeys((h.output, h.target) for h in heads):
                output, target = head
                saved = self.target
                self.target = None if target == "y" else target
                try:
                    text = self.metric(key, value, path, output)  # type: ignore[attr-defined]
                except NotTranslatable as e:
                    problem = problem or e
                    continue
                finally:
                    self.target = saved
                attr = self.attribute("metric_" + re.sub(r"\W", "_", key))  # type: ignore[attr-defined]
                if re.search(r"\bparams\b", text):
                    self.uses_params = True
                self.init_lines.append(f"self.{attr} = {text}")  # type: ignore[attr-defined]
                updates.append(f'self.{attr}.update_state({target}, y_pred["{output}"])')
                break
            else:
                raise problem or NotTranslatable(f"metric {key!r} reads no head of the model", element)
        return updates
