"""hidden_units read from a dict that the program changes before the Estimator is built: the
model takes the value the Estimator was given, evaluated where it was built."""
import tensorflow as tf

HPARAMS = {"hidden_units": [32, 16]}
columns = [tf.feature_column.numeric_column("x")]


def widen():
    HPARAMS["hidden_units"] = [64, 32]


widen()
model = tf.estimator.DNNRegressor(hidden_units=HPARAMS["hidden_units"], feature_columns=columns)
model.train(lambda: tf.data.Dataset.from_tensor_slices(({"x": [1.0, 2.0]}, [2.0, 4.0])).repeat().batch(2), steps=5)
