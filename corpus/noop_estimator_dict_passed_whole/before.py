"""The whole dict of Estimators goes to a helper that walks it: tfmigrate does not follow
a dict into a function, so the Estimators stay."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(5).rand(30, 2).astype("float32")
Y = X.sum(axis=1)
COLUMNS = [tf.feature_column.numeric_column("x", shape=[2])]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(10)



def train_all(estimators):
    for name in estimators:
        estimators[name].train(input_fn=input_fn, steps=2)


models = {
    "linear": tf.estimator.LinearRegressor(feature_columns=COLUMNS),
    "baseline": tf.estimator.BaselineRegressor(),
}
train_all(models)
