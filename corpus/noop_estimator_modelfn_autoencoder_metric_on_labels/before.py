"""The loss compares the output with the input features, and a metric compares it with the
labels: Keras hands the loss and the metrics one y, so it stays reported."""
import numpy as np
import tensorflow.compat.v1 as tf

FRAMES = np.random.RandomState(42).randn(20, 4).astype("float32")
SMOOTH = (FRAMES * 0.5).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"frame": FRAMES}, SMOOTH)).repeat().batch(5)


def model_fn(features, labels, mode):
    reconstruction = tf.layers.dense(tf.layers.dense(features["frame"], 2), 4)
    loss = tf.losses.mean_squared_error(features["frame"], reconstruction)
    metrics = {"smooth_error": tf.metrics.mean_absolute_error(labels, reconstruction)}
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=4)
print(estimator.evaluate(input_fn, steps=2)["smooth_error"])
