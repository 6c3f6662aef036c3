"""Two heads on dict labels, their losses added with a weight: one Keras loss compares one
output with one target, so this multi-task sum stays reported."""
import numpy as np
import tensorflow.compat.v1 as tf

POINTS = np.random.RandomState(62).randn(24, 4).astype("float32")
LABELS = {"kind": (POINTS[:, 0] > 0).astype("int32"), "size": POINTS[:, 1].astype("float32")}


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, LABELS)).repeat().batch(6)


def model_fn(features, labels, mode, params):
    trunk = tf.layers.dense(features, 8, activation=tf.nn.relu)
    kind_logits = tf.layers.dense(trunk, 2)
    size = tf.squeeze(tf.layers.dense(trunk, 1), axis=1)
    kind_loss = tf.losses.sparse_softmax_cross_entropy(labels["kind"], kind_logits)
    size_loss = tf.losses.mean_squared_error(labels["size"], size)
    loss = kind_loss + params["size_weight"] * size_loss
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, params={"size_weight": 0.5})
estimator.train(input_fn, steps=4)
