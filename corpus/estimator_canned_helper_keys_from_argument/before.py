"""Columns from a helper whose keys come from its argument: the model takes the keys of what
the call passes, read where the call is."""
import numpy as np
import tensorflow as tf


def make_columns(frame):
    return [tf.feature_column.numeric_column(k) for k in frame if k != "label"]


table = {"a": np.ones(8, np.float32), "b": np.zeros(8, np.float32), "label": np.ones(8, np.float32)}
model = tf.estimator.LinearRegressor(feature_columns=make_columns(table))
model.train(lambda: tf.data.Dataset.from_tensor_slices((table, table["label"])).repeat().batch(4), steps=5)
