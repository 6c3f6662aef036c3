"""clip_gradients_by_norm on a linear model with a bucketized column: TF1 took the norm of
the column's sparse gradient row by row, which Keras's global_clipnorm does not."""
import numpy as np
import tensorflow as tf

AGE = np.random.RandomState(8).uniform(18, 80, size=40).astype("float32")
SPEND = (AGE * 0.1).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"age": AGE}, SPEND)).batch(8).repeat()


optimizer = tf.train.FtrlOptimizer(learning_rate=0.1)
optimizer = tf.contrib.estimator.clip_gradients_by_norm(optimizer, 5.0)
age_buckets = tf.feature_column.bucketized_column(tf.feature_column.numeric_column("age"), [30, 45, 60])
regressor = tf.estimator.LinearRegressor(feature_columns=[age_buckets], optimizer=optimizer)
regressor.train(input_fn=input_fn, steps=20)
