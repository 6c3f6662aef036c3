"""The loop over the keys also names one that is not in the dict of Estimators: TF1 raised
KeyError there, and tfmigrate leaves the code as it is."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(5).rand(30, 2).astype("float32")
Y = X.sum(axis=1)
COLUMNS = [tf.feature_column.numeric_column("x", shape=[2])]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(10)


models = {
    "linear": tf.estimator.LinearRegressor(feature_columns=COLUMNS),
    "baseline": tf.estimator.BaselineRegressor(),
}
for name in ["linear", "dnn"]:
    models[name].train(input_fn=input_fn, steps=2)
