"""Schedule boundaries and rates unpacked from a helper's result: one name per value cannot
be told from the source, so the model_fn stays, reported."""
import tensorflow.compat.v1 as tf


def stepped(rate):
    return [100, 200], [rate, rate / 10, rate / 100]


def model_fn(features, labels, mode, params):
    output = tf.layers.dense(features["x"], 1)
    loss = tf.losses.mean_squared_error(labels, output)
    boundaries, rates = stepped(params["rate"])
    rate = tf.train.piecewise_constant(tf.train.get_global_step(), boundaries, rates)
    train_op = tf.train.GradientDescentOptimizer(rate).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0], [2.0]]}, [[2.0], [4.0]])).repeat(10).batch(2)


estimator = tf.estimator.Estimator(model_fn, params={"rate": 0.01})
estimator.train(input_fn)
