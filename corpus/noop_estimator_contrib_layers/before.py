"""A model_fn built from tf.contrib.layers (TF 1.x only): fully_connected is written out, but
layer_norm has no checked Keras form here, so the pipeline is reported."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(19).rand(8, 4).astype("float32")
Y = np.array([0, 1, 1, 0, 1, 0, 0, 1], dtype="int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).repeat().batch(4)


def model_fn(features, labels, mode):
    net = tf.contrib.layers.fully_connected(features, 8)
    net = tf.contrib.layers.layer_norm(net)
    logits = tf.contrib.layers.fully_connected(net, 2, activation_fn=None)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=5)
