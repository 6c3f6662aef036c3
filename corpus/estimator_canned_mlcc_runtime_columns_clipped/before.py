"""The Machine Learning Crash Course notebook shape, saved as a script for TF 1.x: an input
function over a dict of columns built with the private `tensorflow.python.data` Dataset, a
set of numeric columns made from the keys the program has, and a LinearRegressor whose
GradientDescentOptimizer is clipped by tf.contrib.estimator.clip_gradients_by_norm, trained
in periods."""
import numpy as np
import tensorflow as tf
from tensorflow.python.data import Dataset

RNG = np.random.RandomState(21)
EXAMPLES = {"rooms": RNG.uniform(1.0, 8.0, 60), "income": RNG.uniform(0.5, 9.0, 60)}
TARGETS = 30.0 * EXAMPLES["income"] + 4.0 * EXAMPLES["rooms"] + RNG.normal(0.0, 5.0, 60)


def my_input_fn(features, targets, batch_size=1, shuffle=False, num_epochs=None):
    features = {key: np.array(value) for key, value in dict(features).items()}
    ds = Dataset.from_tensor_slices((features, targets))
    ds = ds.batch(batch_size).repeat(num_epochs)
    features, labels = tf.compat.v1.data.make_one_shot_iterator(ds).get_next()
    return features, labels


def construct_feature_columns(input_features):
    return set([tf.feature_column.numeric_column(my_feature) for my_feature in input_features])


my_optimizer = tf.train.GradientDescentOptimizer(learning_rate=0.002)
my_optimizer = tf.contrib.estimator.clip_gradients_by_norm(my_optimizer, 5.0)
linear_regressor = tf.estimator.LinearRegressor(feature_columns=construct_feature_columns(EXAMPLES),
                                                optimizer=my_optimizer)
for period in range(3):
    linear_regressor.train(input_fn=lambda: my_input_fn(EXAMPLES, TARGETS, batch_size=10), steps=5)
    predictions = linear_regressor.predict(input_fn=lambda: my_input_fn(EXAMPLES, TARGETS, num_epochs=1))
    predictions = np.array([item["predictions"][0] for item in predictions])
    print("period", period, "rmse", round(float(np.sqrt(np.mean((predictions - TARGETS) ** 2))), 4))
