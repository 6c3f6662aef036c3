"""AdadeltaOptimizer in a model_fn: its accumulators and epsilon were not checked against Keras's."""
import tensorflow.compat.v1 as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[1.0], [2.0]], [[1.0], [0.0]])).repeat(2).batch(2)


def model_fn(features, labels, mode):
    logit = tf.layers.dense(features, 1)
    loss = tf.losses.sigmoid_cross_entropy(labels, logit)
    train_op = tf.train.AdadeltaOptimizer(1.0).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
