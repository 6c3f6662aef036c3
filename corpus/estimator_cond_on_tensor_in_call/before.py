"""The forward pass picks its output with tf.cond on a tensor value: an op that stays as written in call."""
import numpy as np
import tensorflow.compat.v1 as tf

X = np.random.RandomState(13).randn(8, 3).astype("float32")
Y = np.abs(X).sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).repeat().batch(4)


def model_fn(features, labels, mode):
    small = tf.layers.dense(features, 1, name="small")
    large = tf.layers.dense(features, 1, name="large")
    output = tf.cond(tf.reduce_mean(features) > 0.0, lambda: large, lambda: small)
    loss = tf.losses.mean_squared_error(labels, output)
    train_op = tf.train.GradientDescentOptimizer(0.05).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=4)
