"""The trainer returns an Estimator that keeps checkpoints in a model_dir, and the caller only
evaluates it: the Estimator read the checkpoint training wrote last, the state the Keras model
holds, so the checkpoint manager stays in the trainer."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(9).rand(30, 2).astype("float32")
Y = X @ np.array([1.0, 2.0], dtype="float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(6)


def train_model(model_dir):
    regressor = tf.estimator.LinearRegressor(
        feature_columns=[tf.feature_column.numeric_column("x", shape=[2])], model_dir=model_dir)
    regressor.train(input_fn=input_fn, steps=10)
    return regressor


regressor = train_model("/tmp/returned_regressor")
print(regressor.evaluate(input_fn=input_fn))
