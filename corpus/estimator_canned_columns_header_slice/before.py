"""Feature names read from a CSV header without its label column (`HEADER[:-1]`), each
numeric column with its own scale by position."""
import numpy as np
import tensorflow as tf

HEADER = ["rooms", "age", "distance", "price"]
FEATURES = HEADER[:-1]
LABEL = HEADER[-1]
SCALES = [10.0, 50.0, 5.0]
DATA = np.random.RandomState(4).rand(40, 4).astype(np.float32) * np.array([10.0, 50.0, 5.0, 1.0], dtype=np.float32)


def input_fn():
    features = {name: DATA[:, i] for i, name in enumerate(FEATURES)}
    return tf.data.Dataset.from_tensor_slices((features, DATA[:, 3])).batch(8)


columns = [tf.feature_column.numeric_column(name, normalizer_fn=lambda x, s=SCALES[i]: x / s)
           for i, name in enumerate(FEATURES)]
regressor = tf.estimator.LinearRegressor(feature_columns=columns, optimizer="SGD")
regressor.train(input_fn, steps=5)
print("eval", regressor.evaluate(input_fn))
