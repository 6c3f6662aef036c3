"""A loss written with TF ops that reads two tensors of the model (the logits and a hidden
layer's activity): a Keras loss sees one output, so it stays reported."""
import numpy as np
import tensorflow.compat.v1 as tf

POINTS = np.random.RandomState(72).randn(20, 3).astype("float32")
FLAGS = (POINTS[:, 0] > 0).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, FLAGS)).repeat().batch(5)


def model_fn(features, labels, mode):
    hidden = tf.layers.dense(features, 4, activation=tf.nn.relu)
    logits = tf.layers.dense(hidden, 1)[:, 0]
    per_example = tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits)
    loss = tf.reduce_mean(per_example) + 0.01 * tf.reduce_mean(tf.square(hidden))
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=4)
