"""A canned LinearRegressor over two literal numeric columns."""
import numpy as np
import tensorflow.compat.v1 as tf

SIZE = np.array([50.0, 80.0, 65.0, 120.0, 95.0, 40.0], dtype="float32")
ROOMS = np.array([2.0, 3.0, 3.0, 5.0, 4.0, 1.0], dtype="float32")
PRICE = (0.02 * SIZE + 0.1 * ROOMS).reshape(-1, 1)


def input_fn():
    features = {"size": SIZE, "rooms": ROOMS}
    return tf.data.Dataset.from_tensor_slices((features, PRICE)).repeat().batch(3)


columns = [tf.feature_column.numeric_column("size"), tf.feature_column.numeric_column("rooms")]
regressor = tf.estimator.LinearRegressor(feature_columns=columns)
regressor.train(input_fn=input_fn, steps=20)
result = regressor.evaluate(input_fn=input_fn, steps=2)
print("average_loss", result["average_loss"], "step", result["global_step"])
