"""A linear model and its baseline, trained and evaluated in one loop over both: the loop's
calls are written once, the same Keras code for each."""
import tensorflow as tf

columns = [tf.feature_column.numeric_column("x")]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0], [2.0], [3.0]]}, [2.0, 4.0, 6.0])).batch(3)


linear = tf.estimator.LinearRegressor(feature_columns=columns)
baseline = tf.estimator.BaselineRegressor()
for name, estimator in [("linear", linear), ("baseline", baseline)]:
    estimator.train(input_fn, steps=5)
    print(name, estimator.evaluate(input_fn))
