"""evaluate()'s loss with a short last batch: the Estimator averaged the per-batch losses
(here V1 sums), each batch counted once."""
import numpy as np
import tensorflow as tf

x = np.random.RandomState(0).rand(100, 1).astype(np.float32)
y = 3 * x[:, 0] + 1
regressor = tf.compat.v1.estimator.LinearRegressor(feature_columns=[tf.feature_column.numeric_column("x")],
                                                   config=tf.estimator.RunConfig(tf_random_seed=1))
regressor.train(lambda: tf.data.Dataset.from_tensor_slices(({"x": x}, y)).repeat().batch(32), steps=20)
scores = regressor.evaluate(lambda: tf.data.Dataset.from_tensor_slices(({"x": x}, y)).batch(32))
print("FINAL", {k: round(float(scores[k]), 4) for k in ("loss", "average_loss", "global_step")})
