"""`layers` names TensorFlow's layers in one branch and a project module in the other: the
model_fn's layer calls cannot be read as TensorFlow's."""
import sys

import tensorflow as tf

if "--custom-layers" in sys.argv:
    import custom_layers as layers
else:
    layers = tf.compat.v1.layers


def model_fn(features, labels, mode):
    output = layers.dense(features, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.AdamOptimizer().minimize(loss, tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(lambda: tf.data.Dataset.from_tensor_slices(([[1.0]], [[2.0]])).batch(1), steps=1)
