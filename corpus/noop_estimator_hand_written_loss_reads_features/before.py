"""A hand-written loss that weighs each example by an input feature: the loss reads features."""
import tensorflow as tf


def input_fn():
    features = {"x": [[1.0], [2.0]], "weight": [1.0, 3.0]}
    return tf.data.Dataset.from_tensor_slices((features, [2.0, 4.0])).repeat(3).batch(2)


def model_fn(features, labels, mode):
    output = tf.reshape(tf.compat.v1.layers.dense(features["x"], 1), [-1])
    loss = tf.reduce_mean(features["weight"] * tf.square(output - labels))
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(loss, tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
