"""The initializer's mode comes from a flag: tfmigrate cannot check it is one Keras takes,
so the pipeline is reported."""
import sys

import numpy as np
import tensorflow as tf

MODE = sys.argv[1] if len(sys.argv) > 1 else "fan_in"
POINTS = np.random.RandomState(2).rand(48, 4).astype(np.float32)
TIMES = POINTS.sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": POINTS}, TIMES)).batch(16)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features["x"], 1,
                                       kernel_initializer=tf.compat.v1.variance_scaling_initializer(mode=MODE))
    loss = tf.compat.v1.losses.absolute_difference(labels, output)
    train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


regressor = tf.estimator.Estimator(model_fn=model_fn)
regressor.train(input_fn, steps=6)
