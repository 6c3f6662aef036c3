"""The temporary model_dir is printed, so its path is read: the directory is not just the
one the Estimator would have made, and the pipeline stays reported."""
import tempfile

import numpy as np
import tensorflow as tf

X = np.random.RandomState(12).rand(24, 1).astype("float32")
Y = 2.0 * X


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).batch(8)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.AdamOptimizer(0.05).minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, model_dir=tempfile.mkdtemp())
estimator.train(input_fn, steps=5)
print("checkpoints in", estimator.model_dir)
