"""A course-style trainer given the hidden layer sizes as a parameter (its two calls give
different sizes), and a model whose sizes are parsed from a flag string: the model takes
them when it is built."""
import argparse

import numpy as np
import tensorflow as tf

PARSER = argparse.ArgumentParser()
PARSER.add_argument("--hidden_units", default="8,4")
FLAGS, _ = PARSER.parse_known_args()

X = np.random.RandomState(41).rand(48, 3).astype("float32")
Y = (X.sum(axis=1) > 1.5).astype("int32")
COLUMNS = [tf.feature_column.numeric_column("x", shape=[3])]


def input_fn(repeat):
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).repeat(repeat).batch(12)


def train_model(hidden_units, steps):
    classifier = tf.estimator.DNNClassifier(hidden_units=hidden_units, feature_columns=COLUMNS, dropout=0.1)
    classifier.train(input_fn=lambda: input_fn(None), steps=steps)
    return classifier


small = train_model([6, 3], 8)
print("small", sorted(small.evaluate(input_fn=lambda: input_fn(1))))
tiny = train_model([4], 4)
print("tiny", tiny.evaluate(input_fn=lambda: input_fn(1))["global_step"])
flagged = tf.estimator.DNNRegressor(hidden_units=[int(u) for u in FLAGS.hidden_units.split(",")],
                                    feature_columns=COLUMNS)
flagged.train(input_fn=lambda: input_fn(2))
print("flagged", flagged.evaluate(input_fn=lambda: input_fn(1))["global_step"])
