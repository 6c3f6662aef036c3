"""The model_fn reads the Keras model's weights (for a histogram summary): tfmigrate
follows a model made in the model_fn only where it is just called."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(9)
ROWS = rng.normal(size=(60, 5)).astype(np.float32)
TARGET = (ROWS[:, :1] * 2.0 - ROWS[:, 1:2] + 0.3 * ROWS[:, 4:]).astype(np.float32)
FIRST = np.linspace(-0.5, 0.5, 30).reshape(5, 6).astype(np.float32)
SECOND = np.cos(np.arange(6)).reshape(6, 1).astype(np.float32)


def regression_fn(features, labels, mode, params):
    net = tf.keras.Sequential([
        tf.keras.layers.Dense(6, activation="tanh", kernel_initializer=tf.keras.initializers.Constant(FIRST)),
        tf.keras.layers.Dense(1, kernel_initializer=tf.keras.initializers.Constant(SECOND)),
    ])
    prediction = net(features["rows"], training=mode == tf.estimator.ModeKeys.TRAIN)
    tf.compat.v1.summary.histogram("first_kernel", net.trainable_weights[0])
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"value": prediction})
    loss = tf.compat.v1.losses.mean_squared_error(labels, prediction)
    optimizer = tf.compat.v1.train.GradientDescentOptimizer(params["rate"])
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    metrics = {"rmse": tf.compat.v1.metrics.root_mean_squared_error(labels, prediction)}
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"rows": ROWS}, TARGET)).repeat(2).batch(10)


regressor = tf.estimator.Estimator(regression_fn, params={"rate": 0.05})
regressor.train(input_fn)
print("eval", regressor.evaluate(input_fn))
