"""The list of (name, Estimator) pairs is also turned into a dict to pick one model by its
key: that read gets the model built for that pair."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(31).rand(32, 2).astype("float32")
Y = X.sum(axis=1)
COLUMNS = [tf.feature_column.numeric_column("x", shape=[2])]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(8)


models = [
    ("linear", tf.estimator.LinearRegressor(feature_columns=COLUMNS)),
    ("dnn", tf.estimator.DNNRegressor(feature_columns=COLUMNS, hidden_units=[4])),
]
for name, model in models:
    model.train(input_fn=input_fn, steps=4)
best = dict(models)["linear"]
print(best.evaluate(input_fn=input_fn))
