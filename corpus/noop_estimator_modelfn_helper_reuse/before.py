"""A helper whose two calls share one set of weights (reuse=tf.AUTO_REUSE): a per-call copy
of its layers would train two towers where TF1 trained one, so it stays reported."""
import numpy as np
import tensorflow.compat.v1 as tf

LEFT = np.random.RandomState(1).randn(16, 3).astype("float32")
RIGHT = np.random.RandomState(2).randn(16, 3).astype("float32")
LABELS = np.random.RandomState(3).randn(16, 1).astype("float32")


def input_fn():
    features = {"left": LEFT, "right": RIGHT}
    return tf.data.Dataset.from_tensor_slices((features, LABELS)).repeat().batch(4)


def tower(inputs):
    with tf.variable_scope("tower", reuse=tf.AUTO_REUSE):
        net = tf.layers.dense(inputs, 4, activation=tf.nn.relu)
        return tf.layers.dense(net, 1)


def model_fn(features, labels, mode):
    left = tower(features["left"])
    right = tower(features["right"])
    output = left - right
    loss = tf.losses.mean_squared_error(labels, output)
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=5)
