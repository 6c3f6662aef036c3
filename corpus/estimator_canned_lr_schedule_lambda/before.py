"""A canned regressor whose optimizer lambda decays its learning rate with the global step."""
import numpy as np
import tensorflow as tf

x = np.random.RandomState(0).rand(96, 2).astype(np.float32)
y = (2.0 * x[:, 0] - x[:, 1] + 0.5).astype(np.float32)
regressor = tf.estimator.LinearRegressor(
    feature_columns=[tf.feature_column.numeric_column("x", shape=[2])],
    optimizer=lambda: tf.keras.optimizers.legacy.SGD(
        learning_rate=tf.compat.v1.train.exponential_decay(0.2, tf.compat.v1.train.get_global_step(), 4, 0.5,
                                                           staircase=True)),
    config=tf.estimator.RunConfig(tf_random_seed=1))
regressor.train(lambda: tf.data.Dataset.from_tensor_slices(({"x": x}, y)).repeat().batch(32), steps=12)
scores = regressor.evaluate(lambda: tf.data.Dataset.from_tensor_slices(({"x": x}, y)).batch(32))
print("FINAL", {k: round(float(scores[k]), 5) for k in ("average_loss", "loss", "global_step")})
