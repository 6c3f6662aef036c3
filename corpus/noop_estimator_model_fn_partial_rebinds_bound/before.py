"""A partial binds `width`, and the model_fn binds `width` again from itself: tfmigrate
does not follow a layer size computed that way (it once followed it forever); reported."""
import functools

import tensorflow as tf


def scorer_fn(features, labels, mode, width=4):
    width = width * 2
    hidden = tf.compat.v1.layers.dense(features, width, activation=tf.nn.tanh)
    prediction = tf.compat.v1.layers.dense(hidden, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, prediction)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
        loss, global_step=tf.compat.v1.train.get_or_create_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


scorer = tf.estimator.Estimator(functools.partial(scorer_fn, width=3))
scorer.train(lambda: tf.data.Dataset.from_tensor_slices(([[1.0]], [[2.0]])).batch(1), steps=2)
