"""A helper that also records each block's output in a module-level list (read elsewhere):
written out in the Keras model, the list would be filled at every step, so it stays reported."""
import numpy as np
import tensorflow.compat.v1 as tf

POINTS = np.random.RandomState(6).randn(16, 3).astype("float32")
TARGETS = np.random.RandomState(7).randn(16, 1).astype("float32")
ACTIVATIONS = []


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, TARGETS)).repeat().batch(4)


def block(inputs, units):
    net = tf.layers.dense(inputs, units, activation=tf.nn.tanh)
    ACTIVATIONS.append(net)
    return net


def model_fn(features, labels, mode):
    net = block(features, 8)
    net = block(net, 4)
    output = tf.layers.dense(net, 1)
    loss = tf.losses.absolute_difference(labels, output)
    train_op = tf.train.GradientDescentOptimizer(0.05).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=5)
print(len(ACTIVATIONS))
