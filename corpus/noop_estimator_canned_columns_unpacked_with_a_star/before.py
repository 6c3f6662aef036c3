"""A starred name in the unpacking of the column list: the names' columns are left to run
time, and so is the Estimator."""
import numpy as np
import tensorflow as tf

FEATURES = {"a": np.array([1.0, 2.0], "float32"), "b": np.array([0.5, 0.1], "float32")}


def input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, np.array([1.0, 0.0], "float32"))).batch(2)


first, *rest = [tf.feature_column.numeric_column("a"), tf.feature_column.numeric_column("b")]
regressor = tf.estimator.LinearRegressor(feature_columns=[first] + rest)
regressor.train(input_fn=input_fn, steps=2)
