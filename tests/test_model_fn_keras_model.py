"""A whole Keras model made in the model_fn (`model = create_model()` of a helper that returns
a tf.keras.Sequential, or `tf.keras.Sequential([...])` itself) and then called: the Keras
model makes it once in __init__ and calls it (codemods/_model_fn_layers.py,
keras_model_object). Each form it does not follow is reported, never written out in call()."""

from __future__ import annotations

import pytest

from tests.support import check_noop, rewrite

PROGRAM = '''\
import tensorflow as tf


def create_model():
    return tf.keras.Sequential([{layers}])


def model_fn(features, labels, mode):
    {make}
    logits = model(features["x"], training=mode == tf.estimator.ModeKeys.TRAIN)
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    {extra}train_op = tf.compat.v1.train.AdamOptimizer().minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({{"x": [[0.5, 1.0], [1.5, -1.0]]}}, [0, 1])).batch(2)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
'''
DENSE = "tf.keras.layers.Dense(4, activation=tf.nn.relu), tf.keras.layers.Dense(2)"


def program(layers: str = DENSE, make: str = "model = create_model()", extra: str = "") -> str:
    return PROGRAM.format(layers=layers, make=make, extra=extra)


@pytest.mark.parametrize("make", ["model = create_model()", f"model = tf.keras.Sequential([{DENSE}])"])
def test_the_model_is_made_once_in_init_and_called(make: str) -> None:
    new, diagnostics = rewrite(program(make=make))
    assert not [d for d in diagnostics if d.code == "TFM210"]
    init = new[new.index("def __init__"):new.index("def call")]
    call = new[new.index("def call"):]
    assert "self.model = " in init
    assert "model = self.model" in call and "Sequential" not in call.split("def test_step")[0]
    assert "model(features[\"x\"], training=training)" in call


@pytest.mark.parametrize("layers, why", [
    ("tf.keras.layers.Dense(4), tf.keras.layers.BatchNormalization(), tf.keras.layers.Dense(2)", "BatchNormalization"),
    ("tf.keras.layers.Dense(2, kernel_regularizer=tf.keras.regularizers.l2(0.1))", "regularizer"),
    ("tf.keras.layers.Embedding(10, 2, input_length=2), tf.keras.layers.Flatten(), tf.keras.layers.Dense(2)",
     "input_length"),
    ("tf.compat.v1.layers.Dense(2)", "TensorFlow 1 API"),
    ("MyBlock(2)", "has not checked"),
])
def test_a_model_that_would_mean_otherwise_on_keras_3_is_reported(layers: str, why: str) -> None:
    diagnostics = check_noop(program(layers=layers))
    assert any(d.code == "TFM210" and why in d.message for d in diagnostics), diagnostics


def test_a_model_read_other_than_by_calling_it_is_reported() -> None:
    diagnostics = check_noop(program(extra='tf.compat.v1.summary.histogram("w", model.weights[0])\n    '))
    assert any(d.code == "TFM210" and "other than by calling" in d.message for d in diagnostics), diagnostics


def test_a_model_made_and_called_in_one_expression_is_reported() -> None:
    src = program(make="model = None").replace(
        'logits = model(features["x"]', 'logits = tf.keras.Sequential([tf.keras.layers.Dense(2)])(features["x"]')
    diagnostics = check_noop(src)
    assert any(d.code == "TFM210" and "made inside the model_fn" in d.message for d in diagnostics), \
        diagnostics
