"""A CheckpointSaverHook writes TF1-named checkpoints every 5 steps to its own directory:
a Keras model cannot read them, so the hook is reported with the form tfmigrate does
rewrite (RunConfig(save_checkpoints_steps=...))."""
import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(18).rand(20, 2).astype("float32")
TARGETS = FEATURES.sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, TARGETS)).repeat().batch(5)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


saver = tf.estimator.CheckpointSaverHook("snapshots", save_steps=5)
estimator = tf.estimator.Estimator(model_fn=model_fn)
estimator.train(input_fn, steps=20, hooks=[saver])
