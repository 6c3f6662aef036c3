"""What a translated model_fn is written as: the Keras model class (__init__, call, the loss,
metrics and test_step it needs, predict_step) and its `make_…` function that compiles it. A
mixin of codemods/_model_fn.py's _ModelFn, which reads the model_fn and fills the parts.
"""

from __future__ import annotations

import io
import re
import tokenize
from typing import Optional

from tfmigrate.codemods._model_fn_common import EVALUATE_LOSS
from tfmigrate.codemods._model_fn_head_spec import HEAD_LOSS
from tfmigrate.codemods._model_fn_heads import HEADS_LOSS
from tfmigrate.codemods._model_fn_metrics import PER_CLASS_ACCURACY, PER_CLASS_ACCURACY_CLASS, SIGMOID_METRIC_CLASS


class ModelFnRender:
    """The rendering half of _ModelFn."""

    def evaluate_loss(self) -> list[str]:
        """test_step: evaluate()'s loss is the mean of the per-batch losses, as the Estimator's
        (every loss form here is a mean that Keras scales by 1/replicas)."""
        tf = self.tf
        lines = [line.format(keras=f"{tf}.keras", tf=tf) for line in EVALUATE_LOSS]
        if self.eval_loss_in_training:
            at = next(k for k, line in enumerate(lines) if line.startswith("    loss = self.compute_loss("))
            lines[at:at + 1] = [
                "    # TF1's EVAL loss read the network's training copy (dropout on), its metrics the",
                "    # inference copy: the same weights (reuse=True), run as each was.",
                "    loss = self.compute_loss(x, y, self(x, training=True), sample_weight, training=False)"]
        if self.several_heads:  # y_pred is a dict of the heads' outputs
            lines = [line.replace(f"{tf}.shape(y_pred)[0]", f"{tf}.shape({tf}.nest.flatten(y_pred)[0])[0]")
                     for line in lines]
        return lines

    def render(self, class_name: str, make_name: str, call_body: list[str], predict_body: Optional[list[str]],
               loss: str, optimizer: str, metrics: list[str]) -> str:
        tf, i = self.tf, "    "
        uses_params = self.uses_params or any(re.search(r"\bparams\b", line) for line in call_body) or (
            loss.startswith("compute_loss:") and re.search(r"\bparams\b", loss) is not None)
        lines = [f"class {class_name}({tf}.keras.Model):",
                 f'{i}"""The Estimator model_fn `{self.fn.name.value}` as a Keras model."""', ""]
        init_args = ", ".join(["self"] + (["params"] if uses_params else []) + [p for p, _ in self.extra_args])
        lines.append(f"{i}def __init__({init_args}):")
        if self.float64_weights:
            # float64 variables read float64 features, as in TF1: Keras would cast them to float32
            lines.append(f"{i * 2}super().__init__(autocast=False)")
        else:
            lines.append(f"{i * 2}super().__init__()")
        if uses_params:
            lines.append(f"{i * 2}self.params = params")
        lines += [f"{i * 2}{line}" for line in self.static_lines("\n".join(self.init_lines))]
        lines += [f"{i * 2}{_indented(line, i * 2)}" for line in self.init_lines]
        lines += [f"{i * 2}{line}" for line in self.head_init_lines]
        lines.append("")
        call_body = self.without_consumed(call_body)
        lines.append(f"{i}def call(self, features, training=False{', with_inner=False' if self.inner_names else ''}):")
        if any(re.search(r"\bparams\b", line) for line in call_body):
            lines.append(f"{i * 2}params = self.params")
        lines += [f"{i * 2}{line}" for line in _split_lines(call_body)]
        if self.head_method_lines:
            lines.append("")
            lines += [f"{i}{line}".rstrip() for line in self.head_method_lines]
        if loss.startswith(HEADS_LOSS):
            lines += ["", f"{i}def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):",
                      f"{i * 2}# The model_fn's loss: its heads' losses, weighted as it added them up (Keras's",
                      f"{i * 2}# losses already scale themselves for the replicas).",
                      *([f"{i * 2}params = self.params"] if re.search(r"\bparams\b", loss) else []),
                      f"{i * 2}return {loss[len(HEADS_LOSS):]}"]
        if self.head_updates:
            lines += ["", f"{i}def compute_metrics(self, x, y, y_pred, sample_weight=None):",
                      f"{i * 2}# Each metric reads its head's target and output, under the model_fn's key.",
                      *[f"{i * 2}{line}" for line in self.head_updates],
                      f"{i * 2}return self.get_metrics_result()"]
        if loss.startswith("compute_loss:"):
            lines += ["", f"{i}def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):",
                      f"{i * 2}# The model_fn's own loss on the labels (y_true) and the output (y_pred). Keras adds",
                      f"{i * 2}# up the replicas' gradients of a scalar loss, hence the division (SEMANTICS).",
                      f"{i * 2}y_true = y",
                      *([f"{i * 2}params = self.params"] if re.search(r"\bparams\b", loss) else []),
                      *[f"{i * 2}{line}" for line in _statements_and_value(loss[len('compute_loss:'):])[0]],
                      f"{i * 2}return {_statements_and_value(loss[len('compute_loss:'):])[1]} / "
                      f"{tf}.distribute.get_strategy().num_replicas_in_sync"]
        if self.target is not None:
            lines += ["", f"{i}def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):",
                      f"{i * 2}# The model_fn's loss compared the output with "
                      + (f"the input features {self.target}: they are the targets." if self.target.startswith("x")
                         else f"the labels' entry {self.target} only."),
                      f"{i * 2}return super().compute_loss(x, {self.target}, y_pred, sample_weight, training)",
                      "", f"{i}def compute_metrics(self, x, y, y_pred, sample_weight=None):",
                      f"{i * 2}return super().compute_metrics(x, {self.target}, y_pred, sample_weight)"]
        if self.evaluates:
            lines += [f"{i}{line}".rstrip() for line in self.evaluate_loss()]
        if predict_body is not None:
            lines.append("")
            lines.append(f"{i}def predict_step(self, data):")
            lines += [f"{i * 2}{line}" for line in _split_lines(predict_body)]
        lines += ["", ""]
        for name, template in self.optimizer_classes.items():
            lines += [line.format(name=name, tf=tf).replace("    ", i) for line in template.splitlines()] + ["", ""]
        for source in self.fed_classes:
            lines += [line.replace("    ", i) for line in source.splitlines()] + ["", ""]
        for keras, name in self.metric_classes.items():
            template = PER_CLASS_ACCURACY_CLASS if keras == PER_CLASS_ACCURACY else SIGMOID_METRIC_CLASS
            lines += [line.format(name=name, keras=keras, tf=tf).replace("    ", i)
                      for line in template.splitlines()] + ["", ""]
        make_args = ", ".join((["params"] if "params" in self.params else []) + [p for p, _ in self.extra_args])
        model_args = ", ".join((["params"] if uses_params else []) + [p for p, _ in self.extra_args])
        lines.append(f"def {make_name}({make_args}):")
        # Locals of the model_fn the optimizer, loss or metrics read (`boundaries = [200, 400]`
        # of a schedule), computed here as in __init__.
        lines += [f"{i}{line}" for line in self.static_lines(" ".join([optimizer, loss, *metrics]))]
        lines.append(f"{i}model = {class_name}({model_args})")
        lines.append(f"{i}model.compile(")
        lines.append(f"{i * 2}optimizer={optimizer},")
        if not loss.startswith(("compute_loss:", HEADS_LOSS, HEAD_LOSS)):
            lines.append(f"{i * 2}loss={loss if loss.startswith('lambda ') else f'{tf}.keras.losses.{loss}'},")
        if metrics:
            lines.append(f"{i * 2}metrics=[{', '.join(metrics)}],")
        lines.append(f"{i})")
        lines.append(f"{i}return model")
        return "\n".join(lines) + "\n"


def _statements_and_value(source: str) -> tuple[list[str], str]:
    """The lines of the statements in `source`, and its last logical line: the value. The
    value may span lines (a call the model_fn broke over two), so the split is by tokens."""
    lines = source.split("\n")
    starts = [1] + [t.start[0] + 1 for t in tokenize.generate_tokens(io.StringIO(source).readline)
                    if t.type == tokenize.NEWLINE]
    value = max(row for row in starts if row <= len(lines) and "".join(lines[row - 1:]).strip())
    while lines[value - 1].strip().startswith("#") or not lines[value - 1].strip():  # comments above the value
        value += 1
    return lines[:value - 1], "\n".join(lines[value - 1:]).strip()


def _indented(text: str, prefix: str) -> str:
    """`text` with its continuation lines moved in by `prefix` too, as its first line is
    (`self.model = tf.keras.Sequential([` over several lines); left as it is when a string
    spans lines, whose text must not change."""
    if "\n" not in text:
        return text
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return text
    if any(t.type == tokenize.STRING and t.start[0] != t.end[0] for t in tokens):
        return text
    return text.replace("\n", "\n" + prefix)


def _split_lines(lines: list[str]) -> list[str]:
    out = []
    for line in lines:
        out += line.split("\n")
    return out
