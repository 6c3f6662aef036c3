"""ProximalAdagradOptimizer on a dense layer: a Keras Adagrad that takes its proximal L1/L2 step."""
import tensorflow.compat.v1 as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[1.0, 0.5], [0.2, 0.3]], [[1.0], [0.0]])).repeat(3).batch(2)


def model_fn(features, labels, mode):
    logit = tf.layers.dense(features, 1)
    loss = tf.losses.sigmoid_cross_entropy(labels, logit)
    optimizer = tf.train.ProximalAdagradOptimizer(0.1, l1_regularization_strength=0.001)
    train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
