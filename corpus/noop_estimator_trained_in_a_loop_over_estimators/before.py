"""A linear model and its baseline, trained and evaluated in one loop over both: tfmigrate
rewrites drivers called on one Estimator each, so the loop is reported."""
import tensorflow as tf

columns = [tf.feature_column.numeric_column("x")]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0], [2.0], [3.0]]}, [2.0, 4.0, 6.0])).batch(3)


linear = tf.estimator.LinearRegressor(feature_columns=columns)
baseline = tf.estimator.BaselineRegressor()
for name, estimator in [("linear", linear), ("baseline", baseline)]:
    estimator.train(input_fn, steps=5)
    print(name, estimator.evaluate(input_fn))
