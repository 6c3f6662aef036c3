"""A StopAtStepHook next to an explicit step count: two limits, the first one reached wins."""
import tensorflow as tf


def ramp():
    return tf.data.Dataset.from_tensor_slices(([[0.0], [1.0], [2.0]], [[1.0], [3.0], [5.0]])).repeat().batch(3)


def line_fn(features, labels, mode):
    fitted = tf.layers.dense(features, 1)
    loss = tf.losses.mean_squared_error(labels, fitted)
    train_op = tf.train.GradientDescentOptimizer(0.05).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


line = tf.estimator.Estimator(line_fn)
line.train(ramp, steps=30, hooks=[tf.train.StopAtStepHook(last_step=20)])
