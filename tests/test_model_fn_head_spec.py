"""A model_fn that returns a head's create_estimator_spec (codemods/_model_fn_head_spec.py):
the canned models' head code after a call() that computes the logits, or a report."""

from __future__ import annotations

import pytest

from tests.support import check_noop, rewrite

PROGRAM = '''\
import tensorflow as tf

head = {head}


def model_fn(features, labels, mode):
    logits = tf.compat.v1.layers.dense(features["x"], {units})

    def train_op_fn(loss):
        return tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
            loss, global_step=tf.compat.v1.train.get_global_step())

    return head.create_estimator_spec(features=features, labels=labels, mode=mode, logits={logits},
                                      train_op_fn=train_op_fn)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({{"x": [[0.5, 1.0], [1.5, -1.0]]}}, [0, 1])).batch(2)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
'''


def program(head: str = "tf.estimator.BinaryClassHead()", units: int = 1, logits: str = "logits") -> str:
    return PROGRAM.format(head=head, units=units, logits=logits)


@pytest.mark.parametrize("head, units, loss", [
    ("tf.estimator.BinaryClassHead()", 1, "BinaryCrossentropy(from_logits=True"),
    ("tf.estimator.MultiClassHead(n_classes=4)", 4, "SparseCategoricalCrossentropy(from_logits=True"),
    ("tf.estimator.RegressionHead()", 1, "MeanSquaredError("),
])
def test_the_head_is_the_canned_models_head(head: str, units: int, loss: str) -> None:
    new, diagnostics = rewrite(program(head, units))
    assert not [d for d in diagnostics if d.code.startswith("TFM21")], diagnostics
    assert "head = " not in new and "create_estimator_spec" not in new
    assert f"self.head_loss = tf.keras.losses.{loss}" in new
    assert "def compute_metrics(self, x, y, y_pred, sample_weight=None):" in new
    assert "optimizer=tf.keras.optimizers.SGD(learning_rate=0.1)" in new


@pytest.mark.parametrize("head, logits, why", [
    ('tf.estimator.BinaryClassHead(name="click")', "logits", "name has no checked Keras form"),
    ("tf.estimator.MultiClassHead(n_classes=NUM_CLASSES)", "logits", "number written out"),
    ("tf.estimator.BinaryClassHead()", "logits * 2.0", "is not a name"),
])
def test_a_head_it_does_not_follow_is_reported(head: str, logits: str, why: str) -> None:
    diagnostics = check_noop(program(head, logits=logits))
    assert any(d.code == "TFM210" and why in d.message for d in diagnostics), diagnostics
