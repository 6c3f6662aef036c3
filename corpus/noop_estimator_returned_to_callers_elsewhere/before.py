"""A module of trainers: `train_regressor` builds, trains and returns its Estimator, and no
code of this file calls it, so its callers elsewhere would get a Keras model."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(17).rand(30, 2).astype("float32")
Y = X.sum(axis=1)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(6)


def train_regressor(steps):
    regressor = tf.estimator.LinearRegressor(feature_columns=[tf.feature_column.numeric_column("x", shape=[2])])
    regressor.train(input_fn=input_fn, steps=steps)
    return regressor
