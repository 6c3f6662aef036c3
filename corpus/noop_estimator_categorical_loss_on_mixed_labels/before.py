"""Soft targets mixed from the labels in the model_fn: not the dataset's labels, not tf.one_hot."""
import tensorflow.compat.v1 as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[1.0, 0.0], [0.0, 1.0]], [[1.0, 0.0], [0.0, 1.0]])).repeat(2).batch(2)


def model_fn(features, labels, mode):
    logits = tf.layers.dense(features, 2)
    targets = 0.8 * labels + 0.1
    loss = tf.losses.softmax_cross_entropy(targets, logits)
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
