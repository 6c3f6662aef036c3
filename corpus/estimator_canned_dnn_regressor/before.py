"""A canned DNNRegressor with hidden units and an optimizer, over literal numeric columns."""
import numpy as np
import tensorflow.compat.v1 as tf

X1 = np.linspace(-1.0, 1.0, 8).astype("float32")
X2 = np.linspace(1.0, -1.0, 8).astype("float32") ** 2
Y = (X1 - X2).reshape(-1, 1)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x1": X1, "x2": X2}, Y)).repeat().batch(4)


feature_columns = [tf.feature_column.numeric_column("x1"), tf.feature_column.numeric_column("x2")]
regressor = tf.estimator.DNNRegressor(
    hidden_units=[8, 4],
    feature_columns=feature_columns,
    optimizer=tf.train.AdamOptimizer(learning_rate=0.01),
)
regressor.train(input_fn, steps=10)
for prediction in regressor.predict(lambda: tf.data.Dataset.from_tensor_slices({"x1": X1[:2], "x2": X2[:2]}).batch(2)):
    print(prediction["predictions"])
