"""A loop with an `else:` over the listed Estimators: tfmigrate does not follow it."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(35).rand(20, 2).astype("float32")
Y = X.sum(axis=1)
COLUMNS = [tf.feature_column.numeric_column("x", shape=[2])]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(5)


for regressor in [tf.estimator.LinearRegressor(feature_columns=COLUMNS),
                  tf.estimator.BaselineRegressor()]:
    regressor.train(input_fn=input_fn, steps=3)
else:
    print("all trained")
