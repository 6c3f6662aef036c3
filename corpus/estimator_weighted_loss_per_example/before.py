"""A loss weighted per example by a feature of the batch (weights=...): TF1's reduction, written out."""
import numpy as np
import tensorflow.compat.v1 as tf

X = np.random.RandomState(25).rand(8, 3).astype("float32")
W = np.array([1.0, 2.0, 1.0, 0.5, 1.0, 3.0, 1.0, 1.0], dtype="float32")
Y = np.array([0, 1, 2, 1, 0, 2, 1, 0], dtype="int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X, "weight": W}, Y)).repeat().batch(4)


def model_fn(features, labels, mode):
    logits = tf.layers.dense(features["x"], 3)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits, weights=features["weight"])
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=4)
