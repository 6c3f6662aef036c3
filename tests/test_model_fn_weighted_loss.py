"""tf.losses with per-example weights (codemods/_model_fn_weighted_loss.py): TF1's element
losses, weights and reduction written out as the model's compute_loss.

Executed: estimator_weighted_loss_masked_examples and estimator_weighted_loss_wide_output
(weights of shape (batch, 1) broadcast over a (batch, 3) output) start from constant
weights, and their rewrites print what TF 2.15 + tensorflow-estimator printed (loss
0.6047529; without the weights TF 2.15 prints 0.58171827, so the reference sees them).
estimator_weighted_loss_sigmoid_mean_reduction (Reduction.MEAN, a kernel regularizer,
MirroredStrategy) runs on 1 and 2 replicas (tests/test_estimator_programs.py) and from the
Estimator's initial weights its first losses are TF 2.15's (tests/legacy)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.support import rewrite

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
REFERENCES = {
    "estimator_weighted_loss_masked_examples": ["eval {'accuracy': 0.8, 'loss': 0.6047529, 'global_step': 10}"],
    "estimator_weighted_loss_wide_output": ["eval {'loss': 0.23843743, 'global_step': 15}"],
}
HEAD = '''\
import tensorflow.compat.v1 as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0, 2.0]], "w": [2.0]}, [1.0])).repeat(2).batch(1)


def model_fn(features, labels, mode, params):
    score = tf.squeeze(tf.layers.dense(features["x"], 1), axis=1)
'''
TAIL = '''
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, params={"scale": 2.0})
estimator.train(input_fn)
'''


def compute_loss(loss_line: str) -> str:
    src = HEAD + "    " + loss_line + "\n" + TAIL
    new, _ = rewrite(src)
    assert new != src, "not rewritten"
    assert rewrite(new)[0] == new
    return new.split("def compute_loss", 1)[1].split("\n\n", 1)[0]


@pytest.mark.parametrize("reduction, divisor", [
    ("", "tf2.cast(tf2.math.count_nonzero(weights), losses.dtype)"),
    (", reduction=tf.losses.Reduction.MEAN", "tf2.reduce_sum(weights)"),
    (", reduction=tf.losses.Reduction.SUM_OVER_BATCH_SIZE", "tf2.cast(tf2.size(losses), losses.dtype)"),
])
def test_each_tf1_reduction_keeps_its_divisor(reduction: str, divisor: str) -> None:
    body = compute_loss(f'loss = tf.losses.mean_squared_error(labels, score, weights=features["w"]{reduction})')
    assert "losses = tf2.math.squared_difference(y_pred[:, 0], " in body
    assert 'weights = tf2.cast(x["w"], losses.dtype)' in body
    assert f"(tf2.reduce_sum(losses * weights), {divisor})" in body or \
        f"tf2.reduce_sum(losses * weights) / {divisor}" in body


def test_a_hyperparameter_weight_is_read_from_params() -> None:
    body = compute_loss('loss = tf.losses.huber_loss(labels, score, weights=params["scale"], delta=0.5)')
    assert 'weights = tf2.cast(params["scale"], losses.dtype)' in body
    assert "losses = 0.5 * quadratic * quadratic + 0.5 * (errors - quadratic)" in body


def test_label_smoothing_is_applied_to_the_targets_first() -> None:
    body = compute_loss('loss = tf.losses.sigmoid_cross_entropy(labels, score, weights=features["w"], '
                        'label_smoothing=0.2)')
    assert "targets = targets * (1.0 - 0.2) + 0.5 * 0.2" in body


@pytest.mark.parametrize("case", sorted(REFERENCES))
def test_rewrite_prints_what_tf1_printed(case: str, tmp_path) -> None:
    tf = pytest.importorskip("tensorflow")
    if hasattr(tf, "estimator"):
        pytest.skip("needs TF >= 2.16 (Keras 3, no tf.estimator)")
    from tests.test_estimator_driver import differences, run

    stdout = run(CORPUS / case / "after.py", sys.executable, tmp_path)
    assert differences(REFERENCES[case], stdout) == []
