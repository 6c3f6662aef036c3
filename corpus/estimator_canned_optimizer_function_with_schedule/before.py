"""The canned model gets its optimizer from a function of no arguments that decays the
learning rate by the global step, as the DNNRegressor docs showed with a lambda."""
import numpy as np
import tensorflow.compat.v1 as tf

SIZE = 48
X = {"x": np.linspace(0.0, 1.0, SIZE, dtype=np.float32), "w": np.linspace(1.0, 2.0, SIZE, dtype=np.float32)}
Y = (2.0 * X["x"] - X["w"] + 1.0).astype(np.float32)


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices((X, Y)).repeat(epochs).batch(12)


def optimizer_fn():
    """Halves the rate every five steps."""
    learning_rate = tf.train.exponential_decay(0.02, tf.train.get_global_step(), 5, 0.5, staircase=True)
    return tf.train.GradientDescentOptimizer(learning_rate=learning_rate)


columns = [tf.feature_column.numeric_column("x"), tf.feature_column.numeric_column("w")]
regressor = tf.estimator.LinearRegressor(feature_columns=columns, optimizer=optimizer_fn)
regressor.train(input_fn=lambda: input_fn(4))
print("eval", regressor.evaluate(input_fn=lambda: input_fn(1)))
