"""Two heads whose losses are added with a weight computed from the batch's labels: head
weights are written as numbers or hyperparameters only, so it stays reported."""
import numpy as np
import tensorflow.compat.v1 as tf

POINTS = np.random.RandomState(63).randn(24, 4).astype("float32")
LABELS = {"kind": (POINTS[:, 0] > 0).astype("int32"), "size": POINTS[:, 1].astype("float32")}


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, LABELS)).repeat().batch(6)


def model_fn(features, labels, mode):
    trunk = tf.layers.dense(features, 8, activation=tf.nn.relu)
    kind_logits = tf.layers.dense(trunk, 2)
    size = tf.squeeze(tf.layers.dense(trunk, 1), axis=1)
    kind_loss = tf.losses.sparse_softmax_cross_entropy(labels["kind"], kind_logits)
    size_loss = tf.losses.mean_squared_error(labels["size"], size)
    loss = kind_loss + tf.reduce_mean(tf.abs(labels["size"])) * size_loss
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=4)
