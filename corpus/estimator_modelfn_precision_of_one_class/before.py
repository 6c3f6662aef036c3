"""Precision of one class of a softmax model: labels and predictions turned into booleans
first; Keras's Precision is fed the same booleans."""
import tensorflow as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[0.0, 1.0], [1.0, 0.0], [0.5, 0.5]], [2, 0, 1])).repeat(2).batch(3)


def model_fn(features, labels, mode):
    logits = tf.compat.v1.layers.dense(features, 3)
    classes = tf.argmax(logits, axis=1)
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.compat.v1.train.AdamOptimizer().minimize(loss, tf.compat.v1.train.get_global_step())
    is_two = tf.equal(labels, 2)
    metrics = {"precision_two": tf.compat.v1.metrics.precision(is_two, tf.equal(classes, 2))}
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
print(estimator.evaluate(input_fn))
