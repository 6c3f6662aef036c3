"""A trainer that takes the TensorFlow module as a parameter (to run under tf or tf.compat.v1):
no import says what `tf` is, so the Estimator code is reported, not passed over."""
import tensorflow


def train_linear(tf, input_fn, steps=10):
    columns = [tf.feature_column.numeric_column("x")]
    regressor = tf.estimator.LinearRegressor(feature_columns=columns)
    regressor.train(input_fn, steps=steps)
    return regressor


def main(input_fn):
    return train_linear(tensorflow.compat.v1, input_fn)
