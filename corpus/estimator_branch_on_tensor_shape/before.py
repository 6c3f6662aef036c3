"""A model_fn whose structure depends on the width of the incoming feature tensor: the `if`
reads a static dimension, which Keras's call sees as TF1's graph did, so it stays in call."""
import tensorflow as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[0.5, 1.0, 0.0]] * 8, [[1.0]] * 8)).batch(4)


def model_fn(features, labels, mode):
    net = features
    if features.shape[1] > 2:
        net = tf.layers.dense(net, 2)
    output = tf.layers.dense(net, 1)
    loss = tf.losses.mean_squared_error(labels, output)
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=4)
