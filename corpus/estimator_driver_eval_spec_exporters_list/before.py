"""EvalSpec(exporters=[...]) wrote a SavedModel through a serving_input_receiver_fn of
placeholders after the evaluations; the newest is the one after training, which the Keras
model writes with the same serving signature."""
import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(21).rand(20, 2).astype("float32")
TARGETS = FEATURES.sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": FEATURES}, TARGETS)).batch(5)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features["x"], 1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"value": output})
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def serving_input_fn():
    x = tf.compat.v1.placeholder(tf.float32, [None, 2], name="x")
    return tf.estimator.export.ServingInputReceiver({"x": x}, {"x": x})


estimator = tf.estimator.Estimator(model_fn=model_fn, model_dir="exported_run")
exporter = tf.estimator.LatestExporter("regressor", serving_input_fn)
tf.estimator.train_and_evaluate(
    estimator,
    tf.estimator.TrainSpec(input_fn, max_steps=20),
    tf.estimator.EvalSpec(input_fn, exporters=[exporter]))
