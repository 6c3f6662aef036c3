"""Estimator names imported one by one from tensorflow.estimator, as some tutorials wrote them."""
import numpy as np
import tensorflow as tf
from tensorflow.estimator import EstimatorSpec, ModeKeys, RunConfig

X = np.linspace(0.0, 1.0, 40, dtype="float32").reshape(-1, 1)
Y = 3.0 * X + 1.0


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).batch(8).repeat(5)


def line_fn(features, labels, mode):
    fitted = tf.compat.v1.layers.dense(features, 1)
    if mode == ModeKeys.PREDICT:
        return EstimatorSpec(mode, predictions={"y": fitted})
    loss = tf.compat.v1.losses.mean_squared_error(labels, fitted)
    step = tf.compat.v1.train.GradientDescentOptimizer(0.2).minimize(loss, tf.compat.v1.train.get_global_step())
    return EstimatorSpec(mode, loss=loss, train_op=step)


line = tf.estimator.Estimator(line_fn, config=RunConfig(tf_random_seed=5))
line.train(input_fn)
print(line.evaluate(input_fn, steps=2))
