"""Column names unpacked from what a function returns: which column each name gets is only
known when it runs, so the Estimator stays."""
import numpy as np
import tensorflow as tf

FEATURES = {"a": np.array([1.0, 2.0], "float32"), "b": np.array([0.5, 0.1], "float32")}


def input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, np.array([1.0, 0.0], "float32"))).batch(2)


def make_columns(keys):
    return tuple(tf.feature_column.numeric_column(k) for k in keys)


first, second = make_columns(["a", "b"])
regressor = tf.estimator.LinearRegressor(feature_columns=[first, second])
regressor.train(input_fn=input_fn, steps=2)
