"""The partial binds the model_fn's first parameter by position: not a form tfmigrate follows."""
from functools import partial

import tensorflow as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": tf.ones((8, 2))}, tf.ones((8, 1)))).batch(4)


def weighted_fn(weight, features, labels, mode):
    prediction = tf.compat.v1.layers.dense(features["x"], 1) * weight
    loss = tf.compat.v1.losses.mean_squared_error(labels, prediction)
    train_op = tf.compat.v1.train.AdamOptimizer().minimize(loss, tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn=partial(weighted_fn, 2.0))
estimator.train(input_fn, steps=2)
