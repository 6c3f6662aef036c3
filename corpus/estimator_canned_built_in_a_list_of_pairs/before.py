"""Candidate models written straight into a list of (name, Estimator) pairs, trained and
scored in one loop, their names listed by a comprehension and a second loop."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(30)
X = RNG.uniform(-1.0, 1.0, size=(64, 2)).astype("float32")
Y = (1.5 * X[:, :1] - 0.5 * X[:, 1:] + 0.25).astype("float32")
COLUMNS = [tf.feature_column.numeric_column("x", shape=[2])]


def input_fn(repeat):
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).repeat(repeat).batch(16)


def main():
    candidates = [
        ("baseline", tf.estimator.BaselineRegressor(optimizer=tf.keras.optimizers.legacy.SGD(0.1))),
        ("linear", tf.estimator.LinearRegressor(feature_columns=COLUMNS,
                                                optimizer=tf.keras.optimizers.legacy.SGD(0.1))),
    ]
    scores = {}
    for name, regressor in candidates:
        regressor.train(input_fn=lambda: input_fn(3))
        scores[name] = regressor.evaluate(input_fn=lambda: input_fn(1))
    print("models", [name for name, _ in candidates])
    for name, regressor in candidates:
        first = next(regressor.predict(input_fn=lambda: input_fn(1)))
        print("first", name, sorted(first), round(float(first["predictions"][0]), 5))
    for name in sorted(scores):
        print("eval", name, scores[name])


main()
