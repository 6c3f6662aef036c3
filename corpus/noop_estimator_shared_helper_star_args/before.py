"""The Estimator reaches the helper through an unpacked tuple of arguments: tfmigrate cannot
tell which parameter receives it."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(13).rand(24, 2).astype("float32")
Y = (X[:, 0] > X[:, 1]).astype("int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(8)


def train_for(estimator, steps):
    estimator.train(input_fn=input_fn, steps=steps)


classifier = tf.estimator.LinearClassifier(feature_columns=[tf.feature_column.numeric_column("x", shape=[2])])
arguments = (classifier, 12)
train_for(*arguments)
