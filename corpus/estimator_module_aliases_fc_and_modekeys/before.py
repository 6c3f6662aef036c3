"""A regression model_fn that spells TensorFlow's modules through short aliases."""
import random

import numpy as np
import tensorflow as tf

fc = tf.feature_column
ModeKeys = tf.estimator.ModeKeys
random.seed(1)
np.random.seed(1)
SIZES = np.random.RandomState(2).uniform(30, 200, size=(120, 1)).astype("float32")
PRICES = (0.02 * SIZES + 1.0).astype("float32")


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices(({"size": SIZES}, PRICES)).batch(20).repeat(epochs)


def price_model_fn(features, labels, mode, params):
    net = tf.compat.v1.feature_column.input_layer(features, params["columns"])
    net = tf.compat.v1.layers.dense(net, 8, activation=tf.nn.relu)
    price = tf.compat.v1.layers.dense(net, 1)
    if mode == ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"price": price})
    loss = tf.compat.v1.losses.mean_squared_error(labels, price)
    if mode == ModeKeys.EVAL:
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={
            "mae": tf.compat.v1.metrics.mean_absolute_error(labels, price)})
    optimizer = tf.compat.v1.train.AdamOptimizer(params["learning_rate"])
    return tf.estimator.EstimatorSpec(
        mode, loss=loss, train_op=optimizer.minimize(loss, tf.compat.v1.train.get_global_step()))


columns = [fc.numeric_column("size", normalizer_fn=lambda x: (x - 115.0) / 50.0)]
estimator = tf.estimator.Estimator(price_model_fn, params={"columns": columns, "learning_rate": 0.05})
estimator.train(lambda: input_fn(10))
print(estimator.evaluate(lambda: input_fn(1)))
