"""model_dir=tempfile.mkdtemp() is what the Estimator made itself without one: the Keras
model needs no checkpoint manager for it."""
import tempfile

import numpy as np
import tensorflow as tf

X = np.linspace(-1.0, 1.0, 24, dtype="float32").reshape(-1, 1)
Y = 3.0 * X - 0.5


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).batch(6)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features, 1, kernel_initializer=tf.compat.v1.zeros_initializer())
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


regressor = tf.estimator.Estimator(model_fn=model_fn, model_dir=tempfile.mkdtemp())
regressor.train(input_fn=input_fn, steps=3)
regressor.train(input_fn=input_fn, steps=2)
print("eval", regressor.evaluate(input_fn=input_fn))
