"""A tf.keras layer with no checked Keras 3 form (PReLU) made inside the model_fn."""
import tensorflow as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[0.2, 0.4], [0.9, 0.1]], [[1.0], [0.0]])).repeat(4).batch(2)


def model_fn(features, labels, mode):
    hidden = tf.keras.layers.Dense(4)(features)
    hidden = tf.keras.layers.PReLU()(hidden)
    output = tf.keras.layers.Dense(1)(hidden)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(loss, tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
