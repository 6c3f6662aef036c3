"""A loss chosen by tf.cond on the global step's value (a warm-up), not on the mode."""
import numpy as np
import tensorflow.compat.v1 as tf

X = np.random.RandomState(18).randn(8, 2).astype("float32")
Y = (2.0 * X[:, :1]).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).repeat().batch(4)


def model_fn(features, labels, mode):
    output = tf.layers.dense(features, 1)
    global_step = tf.train.get_global_step()
    loss = tf.cond(
        global_step < 3,
        lambda: tf.losses.absolute_difference(labels, output),
        lambda: tf.losses.mean_squared_error(labels, output),
    )
    train_op = tf.train.GradientDescentOptimizer(0.05).minimize(loss, global_step=global_step)
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=6)
