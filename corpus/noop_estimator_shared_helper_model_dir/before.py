"""An Estimator with a model_dir trained through a helper: its checkpoint manager would have
to be passed along with it, so it stays as it is."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(2).rand(20, 2).astype("float32")
Y = X[:, :1] * 2.0


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(5)


def train_and_report(estimator):
    estimator.train(input_fn=input_fn, steps=30)
    print(estimator.evaluate(input_fn=input_fn))


def main(model_dir):
    regressor = tf.estimator.LinearRegressor(
        feature_columns=[tf.feature_column.numeric_column("x", shape=[2])], model_dir=model_dir)
    train_and_report(regressor)


if __name__ == "__main__":
    main("/tmp/helper_regressor")
