"""A weighted loss reduced by Reduction.SUM: a sum over the batch, which tfmigrate does not write out."""
import tensorflow.compat.v1 as tf


def input_fn():
    features = {"x": [[1.0, 2.0], [3.0, 4.0]], "w": [1.0, 0.0]}
    return tf.data.Dataset.from_tensor_slices((features, [0.5, 1.0])).repeat(5).batch(2)


def model_fn(features, labels, mode):
    score = tf.squeeze(tf.layers.dense(features["x"], 1), axis=1)
    loss = tf.losses.mean_squared_error(labels, score, weights=features["w"], reduction=tf.losses.Reduction.SUM)
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
