"""An input_fn that reads the Estimator's RunConfig: `config` was passed by name, and it is
gone with tf.estimator, so the pipeline is reported."""
import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(8).rand(24, 2).astype(np.float32)
TARGETS = FEATURES.sum(axis=1, keepdims=True)


def input_fn(config):
    dataset = tf.data.Dataset.from_tensor_slices((FEATURES, TARGETS))
    return dataset.shard(config.num_worker_replicas, config.global_id_in_cluster).batch(6)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn=model_fn)
estimator.train(input_fn=input_fn, steps=4)
