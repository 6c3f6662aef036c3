"""A helper that calls itself to stack its layers: the depth is decided as it runs, so it is
not written out, and the model_fn stays reported."""
import numpy as np
import tensorflow.compat.v1 as tf

POINTS = np.random.RandomState(5).randn(16, 3).astype("float32")
LABELS = (POINTS.sum(axis=1) > 0).astype("int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, LABELS)).repeat().batch(4)


def stack(inputs, depth):
    if depth == 0:
        return inputs
    return stack(tf.layers.dense(inputs, 8, activation=tf.nn.relu), depth - 1)


def model_fn(features, labels, mode, params):
    net = stack(features, params["depth"])
    logits = tf.layers.dense(net, 2)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, params={"depth": 2})
estimator.train(input_fn, steps=5)
