"""A TF 1.x course-style trainer: it builds a LinearRegressor with a clipped
GradientDescentOptimizer, trains it in periods (steps / periods of them each), reports the
RMSE of predict() after each period, and returns the regressor, which the caller evaluates."""
import math

import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(7)
ROOMS = RNG.uniform(1.0, 8.0, size=80).astype("float32")
INCOME = RNG.uniform(0.5, 6.0, size=80).astype("float32")
VALUE = (0.4 * ROOMS + 1.1 * INCOME + RNG.normal(0.0, 0.3, size=80)).astype("float32")


def my_input_fn(features, targets, batch_size=1, num_epochs=None):
    ds = tf.data.Dataset.from_tensor_slices((features, targets))
    return ds.batch(batch_size).repeat(num_epochs)


def train_model(learning_rate, steps, batch_size):
    periods = 4
    steps_per_period = steps / periods
    features = {"rooms": ROOMS, "income": INCOME}
    my_optimizer = tf.train.GradientDescentOptimizer(learning_rate=learning_rate)
    my_optimizer = tf.contrib.estimator.clip_gradients_by_norm(my_optimizer, 5.0)
    feature_columns = [tf.feature_column.numeric_column("rooms"), tf.feature_column.numeric_column("income")]
    linear_regressor = tf.estimator.LinearRegressor(feature_columns=feature_columns, optimizer=my_optimizer)
    training_input_fn = lambda: my_input_fn(features, VALUE, batch_size=batch_size)
    prediction_input_fn = lambda: my_input_fn(features, VALUE, num_epochs=1)
    for period in range(periods):
        linear_regressor.train(input_fn=training_input_fn, steps=steps_per_period)
        predictions = linear_regressor.predict(input_fn=prediction_input_fn)
        predictions = np.array([item["predictions"][0] for item in predictions])
        print("period", period, round(math.sqrt(np.mean((predictions - VALUE) ** 2)), 5))
    return linear_regressor


linear_regressor = train_model(learning_rate=0.02, steps=30, batch_size=10)
evaluation = linear_regressor.evaluate(input_fn=lambda: my_input_fn(
    {"rooms": ROOMS, "income": INCOME}, VALUE, batch_size=20, num_epochs=1))
print("eval", evaluation)
