"""The optimizer function also prints each time the Estimator builds its graph: that is more
than an optimizer, so the pipeline stays."""
import numpy as np
import tensorflow.compat.v1 as tf

X = {"x": np.linspace(0.0, 1.0, 16, dtype=np.float32)}
Y = (2.0 * X["x"] + 1.0).astype(np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).batch(8)


def optimizer_fn():
    print("making the optimizer")
    return tf.train.GradientDescentOptimizer(learning_rate=0.1)


regressor = tf.estimator.LinearRegressor([tf.feature_column.numeric_column("x")], optimizer=optimizer_fn)
regressor.train(input_fn)
