"""The RunConfig helper is given a name that is only known at run time, so what its
RunConfig holds for each Estimator cannot be read here."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(5).rand(30, 2).astype("float32")
Y = X.sum(axis=1)
COLUMNS = [tf.feature_column.numeric_column("x", shape=[2])]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(10)


import os
import sys


def run_config(name):
    return tf.estimator.RunConfig(model_dir=os.path.join("/tmp/runs", name), tf_random_seed=3)


linear = tf.estimator.LinearRegressor(feature_columns=COLUMNS, config=run_config(sys.argv[0]))
linear.train(input_fn=input_fn, steps=2)
