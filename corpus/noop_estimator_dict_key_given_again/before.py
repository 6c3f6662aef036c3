"""A key of the dict of Estimators is given another value later: the dict does not hold
the same models throughout, so its Estimators stay."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(5).rand(30, 2).astype("float32")
Y = X.sum(axis=1)
COLUMNS = [tf.feature_column.numeric_column("x", shape=[2])]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(10)



models = {
    "linear": tf.estimator.LinearRegressor(feature_columns=COLUMNS),
    "dnn": tf.estimator.DNNRegressor(feature_columns=COLUMNS, hidden_units=[3]),
}
models["linear"].train(input_fn=input_fn, steps=3)
models["dnn"] = tf.estimator.DNNRegressor(feature_columns=COLUMNS, hidden_units=[5])
models["dnn"].train(input_fn=input_fn, steps=3)
