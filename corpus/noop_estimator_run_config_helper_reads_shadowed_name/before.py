"""The RunConfig helper reads SEED, and main() has a SEED of its own: written at the
Estimator, the helper's RunConfig would read main's, so it is left as it is."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(5).rand(30, 2).astype("float32")
Y = X.sum(axis=1)
COLUMNS = [tf.feature_column.numeric_column("x", shape=[2])]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(10)


SEED = 11


def run_config():
    return tf.estimator.RunConfig(tf_random_seed=SEED)


def main():
    SEED = 99
    linear = tf.estimator.LinearRegressor(feature_columns=COLUMNS, config=run_config())
    linear.train(input_fn=input_fn, steps=2)
    print("seed", SEED)


main()
