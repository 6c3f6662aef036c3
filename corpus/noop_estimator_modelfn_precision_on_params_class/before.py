"""Precision of one class whose id is a hyperparameter: the Keras metric class that would
compute the metric's inputs sees no params, so it stays reported."""
import numpy as np
import tensorflow.compat.v1 as tf

POINTS = np.random.RandomState(82).randn(18, 3).astype("float32")
CLASSES = (np.abs(POINTS[:, 0]) * 2).astype("int64") % 3


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, CLASSES)).repeat().batch(6)


def model_fn(features, labels, mode, params):
    logits = tf.layers.dense(features, 3)
    classes = tf.argmax(logits, axis=1)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    target = params["watched_class"]
    metrics = {"watched_precision": tf.metrics.precision(tf.equal(labels, target), tf.equal(classes, target))}
    train_op = tf.train.GradientDescentOptimizer(0.3).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


estimator = tf.estimator.Estimator(model_fn, params={"watched_class": 1})
estimator.train(input_fn, steps=4)
