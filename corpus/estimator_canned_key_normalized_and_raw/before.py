"""One key as a scaled numeric column and as a bucketized raw one: each column keeps its own value."""
import tensorflow as tf

age = tf.feature_column.numeric_column("age", normalizer_fn=lambda x: x / 100.0)
age_buckets = tf.feature_column.bucketized_column(tf.feature_column.numeric_column("age"), [18.0, 40.0, 65.0])
model = tf.estimator.LinearRegressor(feature_columns=[age, age_buckets])
model.train(lambda: tf.data.Dataset.from_tensor_slices(({"age": [20.0, 70.0]}, [1.0, 2.0])).repeat().batch(2),
            steps=5)
