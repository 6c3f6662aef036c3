"""An optimizer class of the project's own that happens to be called RMSPropOptimizer."""
import tensorflow.compat.v1 as tf

from training.optimizers import RMSPropOptimizer


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[2.0], [4.0]], [[1.0], [2.0]])).repeat(2).batch(2)


def model_fn(features, labels, mode):
    prediction = tf.layers.dense(features, 1)
    loss = tf.losses.mean_squared_error(labels, prediction)
    train_op = RMSPropOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
