"""The Estimator from build_estimator() is handed to a helper that drives it."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(8).rand(16, 3).astype("float32")
Y = X.sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).repeat().batch(4)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features["x"], 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def build_estimator():
    estimator = tf.estimator.Estimator(model_fn)
    return estimator


def train_and_report(estimator, steps):
    estimator.train(input_fn, steps=steps)
    print(estimator.evaluate(input_fn, steps=2))


regressor = build_estimator()
train_and_report(regressor, 5)
