"""The dict of Estimators is built with keys that are not written strings, so no read of it
can be matched to one Estimator."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(5).rand(30, 2).astype("float32")
Y = X.sum(axis=1)
COLUMNS = [tf.feature_column.numeric_column("x", shape=[2])]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(10)


NAMES = ("linear", "baseline")
models = {
    NAMES[0]: tf.estimator.LinearRegressor(feature_columns=COLUMNS),
    NAMES[1]: tf.estimator.BaselineRegressor(),
}
models["linear"].train(input_fn=input_fn, steps=2)
models["baseline"].train(input_fn=input_fn, steps=2)
