"""A regression model_fn trained with proximal gradient descent, which no Keras optimizer
takes: the Estimator stays, reported."""
import numpy as np
import tensorflow.compat.v1 as tf

SIZES = np.linspace(20.0, 200.0, 64).astype(np.float32)[:, None]
PRICES = (SIZES * 3.0 + 40.0).astype(np.float32)


def model_fn(features, labels, mode):
    price = tf.layers.dense(features["size"] / 100.0, 1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"price": price})
    loss = tf.losses.mean_squared_error(labels, price)
    optimizer = tf.train.ProximalGradientDescentOptimizer(0.05, l1_regularization_strength=0.1)
    train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"size": SIZES}, PRICES)).repeat(5).batch(16)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
print(estimator.evaluate(input_fn, steps=2))
