"""A train op that groups the update with the step increment while the learning rate decays
with that step: TF1 ran the increment and the update in either order, so which rate an
update read is not fixed. Left as it is, reported."""
import tensorflow.compat.v1 as tf


def model_fn(features, labels, mode):
    output = tf.layers.dense(features["x"], 1)
    loss = tf.losses.mean_squared_error(labels, output)
    step = tf.train.get_global_step()
    rate = tf.train.exponential_decay(0.1, step, 10, 0.5)
    train_op = tf.group(tf.train.GradientDescentOptimizer(rate).minimize(loss), tf.assign_add(step, 1))
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0], [2.0]]}, [[2.0], [4.0]])).repeat(5).batch(2)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
