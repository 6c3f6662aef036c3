"""Code the model_fn runs only while training, as Keras layers that read the model's
`training` flag. A mixin of codemods/_model_fn.py's _ModelFn.

`if mode == tf.estimator.ModeKeys.TRAIN:` (or a name bound to that test) over statements of
these forms only, with no `else`:
- `y = x + tf.random.normal(tf.shape(x), stddev=s)` (mean 0, float32): Keras's
  GaussianNoise(stddev=s) adds exactly that normal noise while training, and nothing else;
- `y = tf.nn.dropout(x, keep_prob=k)` / `rate=r`, and `tf.layers.dropout(x, rate=r,
  training=True)`: Keras's Dropout(rate) zeroes with that rate and scales by 1 / (1 - rate)
  while training, as both did. A tf.layers.dropout without `training=` did nothing in TF1
  (its training defaulted to False), in any mode: so does the rewrite.
The random draws differ from TF1's (another generator), not their distribution. Any other
TRAIN-only statement still makes the model differ between modes, and is reported.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from tfmigrate.codemods._model_fn_common import TRAIN, _names_used

NORMAL = {"tf.random.normal", "tf.random_normal"}
NN_DROPOUT = "tf.nn.dropout"
LAYERS_DROPOUT = "tf.layers.dropout"


class TrainingOnly:
    """Recognizes TRAIN-only statements and writes them as Keras layers."""

    def train_only_ops(self, stmt: cst.If) -> Optional[list[tuple[cst.Assign, tuple[str, str, str]]]]:
        """The statements of `if <TRAIN>:` with their Keras form, or None if one has none."""
        if stmt.orelse is not None or self.condition(stmt.test) != frozenset({TRAIN}):  # type: ignore[attr-defined]
            return None
        out = []
        for line in stmt.body.body:  # type: ignore[attr-defined]
            if not isinstance(line, cst.SimpleStatementLine):
                return None
            for small in line.body:
                form = self.train_only_form(small) if isinstance(small, cst.Assign) else None
                if form is None:
                    return None
                out.append((small, form))
        return out or None

    def train_only_form(self, assign: cst.Assign) -> Optional[tuple[str, str, str]]:
        """(Keras layer, its input, its constructor arguments) for one TRAIN-only assignment."""
        if len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name):
            return None
        value = assign.value
        code, static = self.code, self.static  # type: ignore[attr-defined]
        if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add):
            for x, noise in ((value.left, value.right), (value.right, value.left)):
                stddev = self.normal_noise(noise, x)
                if isinstance(x, cst.Name) and stddev is not None:
                    return "GaussianNoise", code(x), f"stddev={static(stddev)}"
            return None
        if not isinstance(value, cst.Call):
            return None
        name = self.name_of(value.func)  # type: ignore[attr-defined]
        if name == NN_DROPOUT:
            given = self.arguments(value, ("x", "keep_prob", "noise_shape", "seed", "name", "rate"))  # type: ignore[attr-defined]
            given.pop("seed", None)
            given.pop("name", None)
            x = given.pop("x", None)
            if not isinstance(x, cst.Name) or len(given) != 1 or not set(given) <= {"keep_prob", "rate"}:
                return None
            if "rate" in given:
                return "Dropout", code(x), f"rate={static(given['rate'])}"
            return "Dropout", code(x), f"rate=1 - {self.parenthesized(static(given['keep_prob']))}"
        if name == LAYERS_DROPOUT:
            given = self.arguments(value, ("inputs", "rate", "noise_shape", "seed", "training", "name"))  # type: ignore[attr-defined]
            given.pop("seed", None)
            given.pop("name", None)
            x, training = given.pop("inputs", None), given.pop("training", None)
            if not isinstance(x, cst.Name) or set(given) - {"rate"}:
                return None
            on = training is not None and (code(training) == "True" or self.condition(training) is not None  # type: ignore[attr-defined]
                                           and TRAIN in self.condition(training))  # type: ignore[attr-defined]
            if training is not None and not on and code(training) != "False":
                return None
            if not on:
                return "identity", code(x), ""
            return "Dropout", code(x), f"rate={static(given['rate']) if 'rate' in given else '0.5'}"
        return None

    def normal_noise(self, node: cst.BaseExpression, x: cst.BaseExpression) -> Optional[cst.BaseExpression]:
        """The stddev of `tf.random.normal(tf.shape(x), stddev=s)` (mean 0, float32)."""
        if not (isinstance(node, cst.Call) and self.name_of(node.func) in NORMAL):  # type: ignore[attr-defined]
            return None
        given = self.arguments(node, ("shape", "mean", "stddev", "dtype", "seed", "name"))  # type: ignore[attr-defined]
        given.pop("seed", None)
        given.pop("name", None)
        shape, mean, stddev, dtype = (given.pop(k, None) for k in ("shape", "mean", "stddev", "dtype"))
        if given or stddev is None or "labels" in _names_used(stddev):
            return None
        if mean is not None and not (isinstance(mean, (cst.Float, cst.Integer)) and float(mean.value) == 0.0):
            return None
        if dtype is not None and self.name_of(dtype) != "tf.float32":  # type: ignore[attr-defined]
            return None
        if not (isinstance(shape, cst.Call) and self.name_of(shape.func) == "tf.shape" and len(shape.args) == 1
                and self.code(shape.args[0].value) == self.code(x)):  # type: ignore[attr-defined]
            return None
        return stddev

    @staticmethod
    def parenthesized(text: str) -> str:
        return text if text.replace(".", "").replace("_", "").isalnum() else f"({text})"

    def train_only_line(self, step: cst.Assign, form: tuple[str, str, str]) -> str:
        """`y = self.<layer>(x, training=training)`, the layer made in __init__."""
        keras, x, args = form
        target = self.code(step.targets[0].target)  # type: ignore[attr-defined]
        if keras == "identity":
            return f"{target} = {x}"
        attr = self.attribute({"GaussianNoise": "gaussian_noise", "Dropout": "dropout"}[keras])  # type: ignore[attr-defined]
        self.init_lines.append(f"self.{attr} = {self.tf}.keras.layers.{keras}({args})")  # type: ignore[attr-defined]
        return f"{target} = self.{attr}({x}, training=training)"
