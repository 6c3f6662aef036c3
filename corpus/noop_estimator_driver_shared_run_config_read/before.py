"""A RunConfig shared by two Estimators whose model_dir is also read by other code: the
RunConfig is more than the Estimators' configuration, so it stays and so do they."""
import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(2).rand(16, 2).astype("float32")
TARGETS = FEATURES.sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, TARGETS)).batch(4)


def small_fn(features, labels, mode):
    predictions = tf.compat.v1.layers.dense(features, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, predictions)
    train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def wide_fn(features, labels, mode):
    hidden = tf.compat.v1.layers.dense(features, 8, activation=tf.nn.relu)
    predictions = tf.compat.v1.layers.dense(hidden, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, predictions)
    train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


config = tf.estimator.RunConfig(tf_random_seed=5).replace(model_dir="shared_runs")
small = tf.estimator.Estimator(model_fn=small_fn, config=config)
small.train(input_fn, steps=3)
wide = tf.estimator.Estimator(model_fn=wide_fn, config=config)
wide.train(input_fn, steps=3)
print("checkpoints in", config.model_dir)
