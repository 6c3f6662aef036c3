"""The course shapes around a canned regressor: feature columns as a set over the columns of
the examples a trainer is given, an input_fn that rebinds its `features` parameter and
returns a one-shot iterator's next element, a trainer that returns its regressor, and a
numeric column whose shape is written as arithmetic."""
import math

import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(40)
EXAMPLES = {"rooms": RNG.uniform(1.0, 6.0, 60).astype("float32"),
            "income": RNG.uniform(0.5, 4.0, 60).astype("float32")}
TARGETS = (0.3 * EXAMPLES["rooms"] + 0.8 * EXAMPLES["income"]).astype("float32")
POINTS = RNG.uniform(-1.0, 1.0, (60, 4)).astype("float32")


def my_input_fn(features, targets, batch_size=1, num_epochs=None):
    features = {key: np.array(value) for key, value in dict(features).items()}
    ds = tf.data.Dataset.from_tensor_slices((features, targets))
    ds = ds.batch(batch_size).repeat(num_epochs)
    features, labels = tf.compat.v1.data.make_one_shot_iterator(ds).get_next()
    return features, labels


def construct_feature_columns(input_features):
    return set([tf.feature_column.numeric_column(my_feature) for my_feature in input_features])


def train_model(learning_rate, steps, batch_size, training_examples, training_targets):
    periods = 3
    my_optimizer = tf.compat.v1.train.GradientDescentOptimizer(learning_rate=learning_rate)
    regressor = tf.compat.v1.estimator.LinearRegressor(
        feature_columns=construct_feature_columns(training_examples), optimizer=my_optimizer)
    for period in range(periods):
        regressor.train(input_fn=lambda: my_input_fn(training_examples, training_targets, batch_size=batch_size),
                        steps=steps // periods)
        predictions = regressor.predict(input_fn=lambda: my_input_fn(training_examples, training_targets,
                                                                     num_epochs=1))
        predictions = np.array([item["predictions"][0] for item in predictions])
        print("period", period, round(math.sqrt(np.mean((predictions - training_targets) ** 2)), 5))
    return regressor


regressor = train_model(0.002, 30, 10, EXAMPLES, TARGETS)
print("eval", regressor.evaluate(input_fn=lambda: my_input_fn(EXAMPLES, TARGETS, batch_size=20, num_epochs=1)))

wide = tf.compat.v1.estimator.LinearRegressor(
    feature_columns=[tf.feature_column.numeric_column("p", shape=[2 * 2])],
    optimizer=tf.compat.v1.train.GradientDescentOptimizer(learning_rate=0.01))
wide.train(input_fn=lambda: my_input_fn({"p": POINTS}, POINTS.sum(axis=1), batch_size=12), steps=5)
print("eval", wide.evaluate(input_fn=lambda: my_input_fn({"p": POINTS}, POINTS.sum(axis=1), batch_size=30,
                                                         num_epochs=1)))
