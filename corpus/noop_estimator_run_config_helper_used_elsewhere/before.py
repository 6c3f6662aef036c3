"""The RunConfig helper is also called to print where a model keeps its checkpoints: that
call has no Keras form, so the helper and its Estimator stay."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(5).rand(30, 2).astype("float32")
Y = X.sum(axis=1)
COLUMNS = [tf.feature_column.numeric_column("x", shape=[2])]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(10)


import os


def run_config(name):
    return tf.estimator.RunConfig(model_dir=os.path.join("/tmp/helper_runs", name))


linear = tf.estimator.LinearRegressor(feature_columns=COLUMNS, config=run_config("linear"))
linear.train(input_fn=input_fn, steps=2)
print("checkpoints in", run_config("linear").model_dir)
