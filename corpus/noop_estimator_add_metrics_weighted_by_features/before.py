"""A metric added through add_metrics weighs examples by a feature: tfmigrate maps added
metrics on the labels and the predictions alone."""
import tensorflow as tf

COLUMNS = [tf.feature_column.numeric_column("load")]


def input_fn():
    features = {"load": [0.2, 0.9, 0.4, 0.7], "hours": [1.0, 3.0, 2.0, 1.0]}
    return tf.data.Dataset.from_tensor_slices((features, [0.1, 0.8, 0.5, 0.6])).batch(2)


def weighted_error(labels, predictions, features):
    return {"weighted_mae": tf.compat.v1.metrics.mean_absolute_error(
        labels, predictions["predictions"], weights=features["hours"])}


regressor = tf.estimator.LinearRegressor(COLUMNS)
regressor = tf.estimator.add_metrics(regressor, weighted_error)
regressor.train(input_fn)
print(regressor.evaluate(input_fn))
