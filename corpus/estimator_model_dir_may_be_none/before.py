"""model_dir from a command-line flag whose default is None, and a summary in the model_fn."""
import argparse

import numpy as np
import tensorflow as tf

parser = argparse.ArgumentParser()
parser.add_argument("--model_dir", default=None)
ARGS, _ = parser.parse_known_args()
X = np.random.RandomState(4).rand(20, 2).astype("float32")
Y = X.sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).repeat(2).batch(5)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    tf.compat.v1.summary.scalar("train_loss", loss)
    train_op = tf.compat.v1.train.AdamOptimizer(0.1).minimize(loss, tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, model_dir=ARGS.model_dir)
estimator.train(input_fn)
print(estimator.evaluate(input_fn)["global_step"])
