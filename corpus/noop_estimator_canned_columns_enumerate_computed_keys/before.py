"""Columns built in a loop over enumerate() of names read from the data at run time, each
normalized by statistics the loop computes: neither the keys nor the values are known here,
so the Estimator stays."""
import numpy as np
import tensorflow as tf

TABLE = {"a": np.array([1.0, 2.0, 3.0], "float32"), "b": np.array([0.5, 0.1, 0.2], "float32")}


def input_fn():
    return tf.data.Dataset.from_tensor_slices((TABLE, np.array([1.0, 0.0, 1.0], "float32"))).batch(3)


columns = []
for i, name in enumerate(sorted(TABLE.keys())):
    mean = float(TABLE[name].mean())
    columns.append(tf.feature_column.numeric_column(name, normalizer_fn=lambda x, m=mean: x - m))
regressor = tf.estimator.LinearRegressor(feature_columns=columns)
regressor.train(input_fn=input_fn, steps=2)
