"""A weight_column whose normalizer_fn closes over a local: the weights are not read from the
feature columns, so the model has no TF1 column to take the function from."""
import tensorflow as tf


def main(cap):
    weight = tf.feature_column.numeric_column("w", normalizer_fn=lambda w: tf.minimum(w, cap))
    model = tf.estimator.LinearRegressor(feature_columns=[tf.feature_column.numeric_column("x")],
                                         weight_column=weight)
    data = {"x": [1.0, 2.0], "w": [1.0, 9.0]}
    model.train(lambda: tf.data.Dataset.from_tensor_slices((data, [2.0, 4.0])).repeat().batch(2), steps=5)


main(3.0)
