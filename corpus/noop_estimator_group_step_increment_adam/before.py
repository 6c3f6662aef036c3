"""A train op that groups an Adam update with the step increment: Keras's Adam corrects its
moments by the step count, which TF1's extra increment at the end of the input would shift.
Left as it is, reported."""
import tensorflow.compat.v1 as tf


def model_fn(features, labels, mode):
    output = tf.layers.dense(features["x"], 1)
    loss = tf.losses.mean_squared_error(labels, output)
    train_op = tf.group(tf.train.AdamOptimizer(0.01).minimize(loss),
                        tf.assign_add(tf.train.get_global_step(), 1))
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0], [2.0]]}, [[2.0], [4.0]])).repeat(5).batch(2)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
