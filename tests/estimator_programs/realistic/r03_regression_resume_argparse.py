"""Regression resumed from its checkpoint: argparse options handed over as vars(args),
one EstimatorSpec for TRAIN and EVAL with `train_op = None`, mean squared error,
SGD with exponential_decay, train(max_steps) twice in a mkdtemp() model_dir."""
import argparse
import random
import tempfile

import numpy as np
import tensorflow as tf

SEED = 42


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--learning_rate", type=float, default=0.05)
    parser.add_argument("--decay_steps", type=int, default=100)
    parser.add_argument("--decay_rate", type=float, default=0.7)
    parser.add_argument("--hidden", type=int, default=24)
    parser.add_argument("--batch_size", type=int, default=20)
    parser.add_argument("--first_steps", type=int, default=150)
    parser.add_argument("--max_steps", type=int, default=400)
    return parser.parse_args()


def synthetic(n, rng):
    x = rng.uniform(-1.5, 1.5, size=(n, 3)).astype(np.float32)
    y = 2.0 * x[:, 0] - x[:, 1] + 0.5 * x[:, 2] ** 2 + rng.normal(scale=0.3, size=n)
    return x, y.astype(np.float32)


def input_fn(x, y, batch_size, repeat):
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    if repeat:
        ds = ds.shuffle(256, seed=3).repeat()
    return ds.batch(batch_size)


def regression_model_fn(features, labels, mode, params):
    h = tf.compat.v1.layers.dense(features, params["hidden"], activation=tf.nn.relu)
    h = tf.compat.v1.layers.dense(h, params["hidden"], activation=tf.nn.relu)
    value = tf.squeeze(tf.compat.v1.layers.dense(h, 1), axis=1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"value": value})

    loss = tf.compat.v1.losses.mean_squared_error(labels=labels, predictions=value)
    train_op = None
    if mode == tf.estimator.ModeKeys.TRAIN:
        global_step = tf.compat.v1.train.get_global_step()
        lr = tf.compat.v1.train.exponential_decay(
            params["learning_rate"], global_step, params["decay_steps"], params["decay_rate"],
            staircase=True)
        train_op = tf.compat.v1.train.GradientDescentOptimizer(lr).minimize(loss, global_step)
    eval_metric_ops = {
        "rmse": tf.compat.v1.metrics.root_mean_squared_error(labels, value),
        "mae": tf.compat.v1.metrics.mean_absolute_error(labels, value),
    }
    return tf.estimator.EstimatorSpec(
        mode, loss=loss, train_op=train_op, eval_metric_ops=eval_metric_ops)


def main():
    args = parse_args()
    random.seed(SEED)
    np.random.seed(SEED)
    rng = np.random.RandomState(77)
    x_train, y_train = synthetic(800, rng)
    x_eval, y_eval = synthetic(200, rng)

    model_dir = tempfile.mkdtemp()
    run_config = tf.estimator.RunConfig(model_dir=model_dir, tf_random_seed=SEED,
                                        save_checkpoints_steps=100)
    regressor = tf.estimator.Estimator(regression_model_fn, config=run_config, params=vars(args))

    train_fn = lambda: input_fn(x_train, y_train, args.batch_size, repeat=True)
    regressor.train(train_fn, max_steps=args.first_steps)
    print("resumed at step", regressor.get_variable_value("global_step"))
    regressor.train(train_fn, max_steps=args.max_steps)
    step = int(regressor.get_variable_value("global_step"))

    metrics = regressor.evaluate(lambda: input_fn(x_eval, y_eval, 50, repeat=False))
    preds = list(regressor.predict(lambda: tf.data.Dataset.from_tensor_slices(x_eval[:12]).batch(5)))
    print("PRED count", len(preds))
    print("PRED keys", sorted(preds[0]))
    print("PRED value shape", np.shape(preds[0]["value"]))
    print("FINAL", {
        "loss": round(float(metrics["loss"]), 4),
        "rmse": round(float(metrics["rmse"]), 4),
        "mae": round(float(metrics["mae"]), 4),
        "global_step": step,
    })
    assert step == int(metrics["global_step"])


if __name__ == "__main__":
    main()
