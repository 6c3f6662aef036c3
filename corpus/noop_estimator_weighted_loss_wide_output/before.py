"""Weights on an element-wise loss of a (batch, 3) output: how TF1 broadcast them depends on their shape, which is not known here."""
import tensorflow.compat.v1 as tf


def input_fn():
    features = {"x": [[1.0, 2.0, 0.5], [3.0, 4.0, 1.5]], "w": [1.0, 0.0]}
    return tf.data.Dataset.from_tensor_slices((features, [[0.5, 1.0, 0.0], [1.0, 0.0, 2.0]])).repeat(5).batch(2)


def model_fn(features, labels, mode):
    outputs = tf.layers.dense(features["x"], 3)
    loss = tf.losses.mean_squared_error(labels, outputs, weights=tf.expand_dims(features["w"], 1))
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
