"""mean_relative_error normalized by the batch's mean label: the normalizer changes with the
batch, which a Keras metric function cannot see whole, so it stays reported."""
import numpy as np
import tensorflow.compat.v1 as tf

POINTS = np.random.RandomState(32).randn(24, 2).astype("float32")
TARGETS = (POINTS[:, 0] * 2.0 + 5.0).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, TARGETS)).repeat().batch(6)


def model_fn(features, labels, mode):
    prediction = tf.squeeze(tf.layers.dense(features, 1), axis=1)
    loss = tf.losses.absolute_difference(labels, prediction)
    metrics = {"relative": tf.metrics.mean_relative_error(labels, prediction, tf.reduce_mean(labels))}
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=4)
print(estimator.evaluate(input_fn, steps=2)["relative"])
