"""Warm start from a checkpoint this program does not write (a TF1 run's model_dir): its
variables are named by the TF1 graph, which the Keras model does not have, so the pipeline
is reported and left as it is."""
import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(16).rand(20, 2).astype("float32")
TARGETS = FEATURES.sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, TARGETS)).repeat().batch(5)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn=model_fn, warm_start_from="/models/last_year")
estimator.train(input_fn, steps=4)
