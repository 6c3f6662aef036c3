"""The loop binds its name again, to a wrapper a helper makes of the Estimator, before
training: tfmigrate cannot tell what it trains."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(5).rand(20, 2).astype("float32")
Y = X.sum(axis=1)
COLUMNS = [tf.feature_column.numeric_column("x", shape=[2])]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(5)


class Logged:
    def __init__(self, estimator):
        self.estimator = estimator

    def train(self, **kwargs):
        print("training", type(self.estimator).__name__)
        return self.estimator.train(**kwargs)


def chosen(estimator):
    return Logged(estimator)


small = tf.estimator.LinearRegressor(feature_columns=COLUMNS)
larger = tf.estimator.DNNRegressor(feature_columns=COLUMNS, hidden_units=[4])
for regressor in [small, larger]:
    regressor = chosen(regressor)
    regressor.train(input_fn=input_fn, steps=10)
