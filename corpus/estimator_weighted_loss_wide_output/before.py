"""Weights of shape (batch, 1) on the element-wise loss of a (batch, 3) output: TF1 broadcast
them over the three columns and counted every non-zero element of the broadcast weights."""
import numpy as np
import tensorflow.compat.v1 as tf

rng = np.random.RandomState(9)
INPUTS = rng.normal(size=(40, 3)).astype(np.float32)
TARGETS = (INPUTS @ np.array([[1.0, 0.5, 0.0], [0.0, -1.0, 0.5], [0.5, 0.0, -0.5]], np.float32)).astype(np.float32)
RELIABLE = (np.arange(40) % 5 != 0).astype(np.float32)
KERNEL = np.linspace(-0.5, 0.5, 9).reshape(3, 3).astype(np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": INPUTS, "w": RELIABLE}, TARGETS)).repeat(3).batch(8)


def model_fn(features, labels, mode):
    outputs = tf.layers.dense(features["x"], 3, kernel_initializer=tf.constant_initializer(KERNEL))
    loss = tf.losses.mean_squared_error(labels, outputs, weights=tf.expand_dims(features["w"], 1))
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
print("eval", estimator.evaluate(input_fn))
