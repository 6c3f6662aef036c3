"""The optimizer reads a learning rate local to main(): it is built where the Estimator was."""
import numpy as np
import tensorflow as tf


def main(lr):
    x = np.random.RandomState(0).rand(64, 1).astype(np.float32)
    y = 3 * x[:, 0] + 1
    est = tf.estimator.LinearRegressor(feature_columns=[tf.feature_column.numeric_column("x")],
                                       optimizer=tf.keras.optimizers.legacy.SGD(learning_rate=lr))
    est.train(lambda: tf.data.Dataset.from_tensor_slices(({"x": x}, y)).repeat().batch(16), steps=20)
    ev = est.evaluate(lambda: tf.data.Dataset.from_tensor_slices(({"x": x}, y)).batch(16))
    print("FINAL", {k: round(float(ev[k]), 5) for k in ("average_loss", "global_step")})


main(0.1)
