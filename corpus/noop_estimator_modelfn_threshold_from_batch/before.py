"""Accuracy on probabilities thresholded at the batch's own mean: the threshold changes with
every batch, which no Keras metric's fixed threshold reproduces, so it stays reported."""
import numpy as np
import tensorflow.compat.v1 as tf

POINTS = np.random.RandomState(12).randn(32, 3).astype("float32")
LABELS = (POINTS[:, 0] > 0).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, LABELS)).repeat().batch(8)


def model_fn(features, labels, mode):
    logits = tf.squeeze(tf.layers.dense(features, 1), axis=1)
    probability = tf.sigmoid(logits)
    predicted = tf.cast(probability > tf.reduce_mean(probability), tf.float32)
    loss = tf.losses.sigmoid_cross_entropy(labels, logits)
    metrics = {"accuracy": tf.metrics.accuracy(labels, predicted)}
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=5)
print(estimator.evaluate(input_fn, steps=2)["accuracy"])
