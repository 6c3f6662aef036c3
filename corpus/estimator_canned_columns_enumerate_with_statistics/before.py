"""Numeric columns built in a loop over enumerate(NAMES), each normalized by a mean and a
standard deviation the loop computes from the training data before the append."""
import numpy as np
import tensorflow as tf

NUMERIC = ["alcohol", "acidity"]
RNG = np.random.RandomState(23)
TABLE = RNG.normal(loc=[10.0, 3.0], scale=[1.5, 0.4], size=(48, 2)).astype("float32")
FEATURES = {name: TABLE[:, i] for i, name in enumerate(NUMERIC)}
QUALITY = (0.4 * TABLE[:, 0] - 1.1 * TABLE[:, 1]).astype("float32")


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices((FEATURES, QUALITY)).repeat(epochs).batch(12)


def feature_columns(table):
    columns = []
    for i, name in enumerate(NUMERIC):
        mean, std = float(table[:, i].mean()), float(table[:, i].std())
        columns.append(tf.feature_column.numeric_column(name, normalizer_fn=lambda x, m=mean, s=std: (x - m) / s))
    return columns


regressor = tf.estimator.LinearRegressor(feature_columns=feature_columns(TABLE),
                                         optimizer=tf.keras.optimizers.legacy.SGD(0.05))
regressor.train(input_fn=lambda: input_fn(3))
print("eval", regressor.evaluate(input_fn=lambda: input_fn(1)))
