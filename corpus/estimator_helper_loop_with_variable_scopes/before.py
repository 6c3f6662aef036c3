"""A network helper that loops over the hidden sizes and opens a variable scope per block,
as many repositories name their layers."""
import numpy as np
import tensorflow.compat.v1 as tf

rng = np.random.RandomState(17)
READINGS = rng.normal(size=(64, 4)).astype(np.float32)
LEVELS = (np.tanh(READINGS[:, :1]) + 0.3 * READINGS[:, 1:2] ** 2).astype(np.float32)


def tower(inputs, sizes):
    net = inputs
    for i, size in enumerate(sizes):
        with tf.variable_scope("block_%d" % i):
            net = tf.layers.dense(net, size, kernel_initializer=tf.constant_initializer(0.1 * (i + 1)), name="dense")
            net = tf.nn.relu(net)
    return tf.layers.dense(net, 1, kernel_initializer=tf.constant_initializer(-0.2), name="output")


def model_fn(features, labels, mode, params):
    level = tower(features["readings"], params["sizes"])
    loss = tf.losses.mean_squared_error(labels, level)
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"readings": READINGS}, LEVELS)).repeat(2).batch(8)


regressor = tf.estimator.Estimator(model_fn, params={"sizes": [8, 4]})
regressor.train(input_fn)
print("eval", regressor.evaluate(input_fn, steps=3))
