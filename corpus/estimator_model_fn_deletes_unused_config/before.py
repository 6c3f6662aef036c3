"""A model_fn with the full signature that deletes what it does not use, as linters ask."""
import numpy as np
import tensorflow as tf

SIZES = np.random.RandomState(6).rand(30, 2).astype("float32")
PRICES = (SIZES @ np.array([[3.0], [1.0]], dtype="float32")) + 0.5


def input_fn():
    return tf.data.Dataset.from_tensor_slices((SIZES, PRICES)).repeat(5).batch(10)


def price_model_fn(features, labels, mode, params, config):
    del params, config  # Unused.
    price = tf.compat.v1.layers.dense(features, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, price)
    optimizer = tf.compat.v1.train.GradientDescentOptimizer(learning_rate=0.1)
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


regressor = tf.estimator.Estimator(price_model_fn)
regressor.train(input_fn)
print(regressor.evaluate(input_fn)["loss"])
