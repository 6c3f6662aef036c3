"""A linear model and the label-mean baseline go through one helper that trains them in
rounds, scores each round from predict(), and hands the Estimator back with its scores."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(4)
X = RNG.uniform(-1.0, 1.0, size=(60, 3)).astype("float32")
Y = (X @ np.array([2.0, -1.0, 0.5], dtype="float32") + 1.5).astype("float32")

COLUMNS = [tf.feature_column.numeric_column("x", shape=[3])]


def fit_in_rounds(estimator, rounds):
    train_fn = tf.compat.v1.estimator.inputs.numpy_input_fn(
        {"x": X}, Y, batch_size=12, num_epochs=None, shuffle=False)
    score_fn = tf.compat.v1.estimator.inputs.numpy_input_fn({"x": X}, Y, num_epochs=1, shuffle=False)
    errors = []
    for _ in range(rounds):
        estimator.train(input_fn=train_fn, steps=5)
        guesses = np.array([p["predictions"][0] for p in estimator.predict(input_fn=score_fn)])
        errors.append(float(np.sqrt(np.mean((guesses - Y) ** 2))))
    return estimator, errors


def main():
    linear = tf.estimator.LinearRegressor(feature_columns=COLUMNS)
    linear, linear_errors = fit_in_rounds(linear, 3)
    baseline = tf.estimator.BaselineRegressor()
    baseline, baseline_errors = fit_in_rounds(baseline, 2)
    print("linear rmse", [round(e, 5) for e in linear_errors])
    print("baseline rmse", [round(e, 5) for e in baseline_errors])
    eval_fn = tf.compat.v1.estimator.inputs.numpy_input_fn({"x": X}, Y, batch_size=20, num_epochs=1, shuffle=False)
    print("linear", linear.evaluate(input_fn=eval_fn))
    print("baseline", baseline.evaluate(input_fn=eval_fn))


main()
