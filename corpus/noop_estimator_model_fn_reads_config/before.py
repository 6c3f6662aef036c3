"""A model_fn that takes `config` and sizes a layer by the number of replicas in it."""
import numpy as np
import tensorflow.compat.v1 as tf

X = np.random.RandomState(14).rand(8, 3).astype("float32")
Y = X.max(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).repeat().batch(4)


def model_fn(features, labels, mode, config):
    hidden = tf.layers.dense(features, 4 * config.num_worker_replicas, activation=tf.nn.relu)
    output = tf.layers.dense(hidden, 1)
    loss = tf.losses.mean_squared_error(labels, output)
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, config=tf.estimator.RunConfig(tf_random_seed=1))
estimator.train(input_fn, steps=3)
