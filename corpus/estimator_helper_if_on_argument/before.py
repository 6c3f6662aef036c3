"""A layer helper with an optional activation, applied by `if activation is not None:`, and
called with an activation for the hidden layer and without one for the output."""
import numpy as np
import tensorflow.compat.v1 as tf

rng = np.random.RandomState(41)
FEATURES = rng.normal(size=(60, 3)).astype(np.float32)
TARGETS = (np.abs(FEATURES[:, :1]) - FEATURES[:, 2:]).astype(np.float32)


def dense_block(inputs, units, init, activation=None):
    outputs = tf.layers.dense(inputs, units, kernel_initializer=tf.constant_initializer(init))
    if activation is not None:
        outputs = activation(outputs)
    return outputs


def model_fn(features, labels, mode):
    hidden = dense_block(features["x"], 6, 0.2, activation=tf.nn.relu)
    output = dense_block(hidden, 1, -0.3)
    loss = tf.losses.mean_squared_error(labels, output)
    train_op = tf.train.GradientDescentOptimizer(0.05).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": FEATURES}, TARGETS)).repeat(2).batch(10)


regressor = tf.estimator.Estimator(model_fn)
regressor.train(input_fn)
print("eval", regressor.evaluate(input_fn, steps=3))
