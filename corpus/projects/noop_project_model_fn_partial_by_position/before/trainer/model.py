"""The network and its training step; task.py binds the layer sizes."""
import tensorflow as tf


def regression_fn(features, labels, mode, layer_sizes=(16,), learning_rate=0.05):
    net = features["inputs"]
    for size in layer_sizes:
        net = tf.compat.v1.layers.dense(net, size, activation=tf.nn.relu)
    output = tf.compat.v1.layers.dense(net, 1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"value": output})
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    optimizer = tf.compat.v1.train.GradientDescentOptimizer(learning_rate)
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)
