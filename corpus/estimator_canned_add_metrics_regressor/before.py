"""Extra metrics attached with tf.estimator.add_metrics: the regressor's RMSE, evaluated next
to the head's own metrics."""
import tensorflow as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0], [2.0]]}, [[2.0], [4.0]])).batch(2)


def rmse_metric(labels, predictions):
    return {"rmse": tf.compat.v1.metrics.root_mean_squared_error(labels, predictions["predictions"])}


regressor = tf.estimator.LinearRegressor(feature_columns=[tf.feature_column.numeric_column("x")])
regressor = tf.estimator.add_metrics(regressor, rmse_metric)
regressor.train(input_fn, steps=3)
print(regressor.evaluate(input_fn)["rmse"])
