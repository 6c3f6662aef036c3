"""Gradients clipped by global norm after unpacking a named list of (gradient, variable)
pairs, with the update ops (none here) around apply_gradients."""
import numpy as np
import tensorflow.compat.v1 as tf

rng = np.random.RandomState(5)
SIGNALS = rng.normal(size=(96, 3)).astype(np.float32)
TARGETS = (3.0 * SIGNALS[:, :1] - SIGNALS[:, 1:2] * SIGNALS[:, 2:]).astype(np.float32)
HIDDEN_INIT = np.linspace(-0.5, 0.5, 24).reshape(3, 8).astype(np.float32)
OUT_INIT = np.sin(np.arange(8)).reshape(8, 1).astype(np.float32)


def model_fn(features, labels, mode, params):
    training = mode == tf.estimator.ModeKeys.TRAIN
    hidden = tf.layers.dense(features["signals"], 8, kernel_initializer=tf.constant_initializer(HIDDEN_INIT))
    hidden = tf.nn.relu(hidden)
    output = tf.layers.dense(hidden, 1, kernel_initializer=tf.constant_initializer(OUT_INIT))
    loss = tf.losses.mean_squared_error(labels, output)
    train_op = None
    if training:
        optimizer = tf.train.AdamOptimizer(params["rate"])
        grads_and_vars = optimizer.compute_gradients(loss)
        gradients, variables = zip(*grads_and_vars)
        gradients, _ = tf.clip_by_global_norm(gradients, params["clip"])
        with tf.control_dependencies(tf.get_collection(tf.GraphKeys.UPDATE_OPS)):
            train_op = optimizer.apply_gradients(zip(gradients, variables), global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"signals": SIGNALS}, TARGETS)).repeat(2).batch(12)


regressor = tf.estimator.Estimator(model_fn, params={"rate": 0.05, "clip": 1.0})
regressor.train(input_fn)
print("eval", regressor.evaluate(input_fn, steps=4))
