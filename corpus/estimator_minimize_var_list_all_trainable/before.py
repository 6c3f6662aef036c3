"""A linear scorer whose train_op names every trainable variable, as minimize did by default."""
import tensorflow as tf


def input_fn():
    scores = [[0.1, 0.9], [0.8, 0.3], [0.4, 0.4], [0.9, 0.7]]
    return tf.data.Dataset.from_tensor_slices((scores, [[1.0], [0.0], [0.0], [1.0]])).batch(2).repeat(5)


def scorer_fn(features, labels, mode):
    score = tf.compat.v1.layers.dense(features, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, score)
    optimizer = tf.compat.v1.train.GradientDescentOptimizer(0.1)
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step(),
                                  var_list=tf.compat.v1.trainable_variables())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


scorer = tf.estimator.Estimator(scorer_fn)
scorer.train(input_fn)
