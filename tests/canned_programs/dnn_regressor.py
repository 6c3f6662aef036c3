import os
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(2)
N = 120
X = rng.randn(N, 3).astype("float32")
Y = (X @ np.array([1.5, -2.0, 0.5], "float32") + 0.3).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X[:, :2], "z": X[:, 2]}, Y)).batch(10).repeat(3)


estimator = tf.estimator.DNNRegressor(
    hidden_units=[10, 10], feature_columns=[tf.feature_column.numeric_column("x", shape=(2,)),
                                            tf.feature_column.numeric_column("z")],
    optimizer="Adam", dropout=0.1, config=tf.estimator.RunConfig(tf_random_seed=int(os.environ.get("CANNED_SEED", "1"))))
