"""House prices: the input pipeline, and a factory that makes the model_fn for a set of
features and a learning rate (trainer/task.py builds the Estimator with it)."""

import numpy as np
import tensorflow as tf

FEATURES = ("rooms", "area", "age", "distance_to_center")


def houses(count, seed):
    rng = np.random.RandomState(seed)
    columns = {name: rng.uniform(0.0, 1.0, size=(count, 1)).astype("float32") for name in FEATURES}
    price = (1.5 * columns["area"] + 0.5 * columns["rooms"] - 0.4 * columns["age"]
             - 0.8 * columns["distance_to_center"] + rng.normal(0.0, 0.05, size=(count, 1))).astype("float32")
    return columns, price


def dataset(columns, prices, batch_size, repeat):
    data = tf.data.Dataset.from_tensor_slices((dict(columns), prices))
    return (data.shuffle(500, seed=3).repeat() if repeat else data).batch(batch_size)


def make_model_fn(feature_names, learning_rate):
    def price_model_fn(features, labels, mode):
        inputs = tf.concat([features[name] for name in feature_names], axis=1)
        hidden = tf.compat.v1.layers.dense(inputs, 16, activation=tf.nn.tanh)
        price = tf.compat.v1.layers.dense(hidden, 1)
        if mode == tf.estimator.ModeKeys.PREDICT:
            return tf.estimator.EstimatorSpec(mode, predictions={"price": price})
        loss = tf.compat.v1.losses.mean_squared_error(labels=labels, predictions=price)
        if mode == tf.estimator.ModeKeys.EVAL:
            rmse = tf.compat.v1.metrics.root_mean_squared_error(labels=labels, predictions=price)
            return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"rmse": rmse})
        optimizer = tf.compat.v1.train.MomentumOptimizer(learning_rate, momentum=0.9)
        train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)
    return price_model_fn
