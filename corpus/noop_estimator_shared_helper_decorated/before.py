"""The helper that trains the Estimator is wrapped by a decorator, which may call it any way
it likes: tfmigrate does not follow the Estimator into it."""
import functools
import time

import numpy as np
import tensorflow as tf

X = np.random.RandomState(11).rand(24, 2).astype("float32")
Y = X.sum(axis=1)


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        start = time.time()
        result = fn(*args, **kwargs)
        print("took %.1fs" % (time.time() - start))
        return result
    return wrapper


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(8)


@timed
def fit(estimator):
    estimator.train(input_fn=input_fn, steps=6)


regressor = tf.estimator.LinearRegressor(feature_columns=[tf.feature_column.numeric_column("x", shape=[2])])
fit(regressor)
