"""Candidate regressors kept in a dict by name: a loop over written names trains each, one
is scored by its key, another is picked into a name of its own and asked for predictions."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(41)
X = RNG.uniform(-1.0, 1.0, size=(60, 2)).astype("float32")
Y = (0.8 * X[:, :1] + 1.2 * X[:, 1:] - 0.3).astype("float32")
COLUMNS = [tf.feature_column.numeric_column("x", shape=[2])]


def input_fn(repeat):
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).repeat(repeat).batch(20)


def main():
    regressors = {
        "mean": tf.estimator.BaselineRegressor(optimizer=tf.keras.optimizers.legacy.SGD(0.05)),
        "linear": tf.estimator.LinearRegressor(feature_columns=COLUMNS,
                                               optimizer=tf.keras.optimizers.legacy.SGD(0.05)),
    }
    for name in ["mean", "linear"]:
        regressors[name].train(input_fn=lambda: input_fn(4))
    print("names", sorted(regressors), len(regressors))
    print("scored", regressors["linear"].evaluate(input_fn=lambda: input_fn(1)))
    chosen = regressors["mean"]
    first = next(chosen.predict(input_fn=lambda: input_fn(1)))
    print("first", sorted(first), round(float(first["predictions"][0]), 5))


if __name__ == "__main__":
    main()
