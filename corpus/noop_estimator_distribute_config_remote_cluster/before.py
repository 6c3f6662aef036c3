"""A DistributeConfig naming a remote cluster: set up through TF_CONFIG in TF2, by hand."""
import tensorflow as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[1.0], [2.0]], [[2.0], [4.0]])).repeat().batch(2)


def model_fn(features, labels, mode):
    prediction = tf.layers.dense(features, 1)
    loss = tf.losses.mean_squared_error(labels, prediction)
    train_op = tf.train.GradientDescentOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


cluster = {"worker": ["host1:2222", "host2:2222"]}
config = tf.estimator.RunConfig(experimental_distribute=tf.contrib.distribute.DistributeConfig(
    train_distribute=tf.contrib.distribute.CollectiveAllReduceStrategy(), remote_cluster=cluster))
estimator = tf.estimator.Estimator(model_fn, config=config)
estimator.train(input_fn, max_steps=10)
