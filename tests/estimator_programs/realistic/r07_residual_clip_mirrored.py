"""Residual MLP regression under MirroredStrategy: a residual `+`, absolute-difference
loss, Adam with cosine_decay, compute_gradients -> clip_by_global_norm ->
apply_gradients, `train_op = None` then `if mode == TRAIN`, rmse/mae metrics,
train(steps) and evaluate with lambdas."""
import random

import numpy as np
import tensorflow as tf

SEED = 42
HPARAMS = {"width": 32, "blocks": 2, "lr": 0.01, "decay_steps": 400, "clip_norm": 1.0}


def build_data(seed, n):
    r = np.random.RandomState(seed)
    x = r.uniform(-1, 1, size=(n, 5)).astype(np.float32)
    y = np.sin(2.0 * x[:, 0]) + x[:, 1] * x[:, 2] - 0.5 * x[:, 3] + r.normal(scale=0.2, size=n)
    return x, y.reshape(-1, 1).astype(np.float32)


def dataset(x, y, batch, train):
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    if train:
        ds = ds.shuffle(len(x), seed=SEED).repeat()
    return ds.batch(batch)


def residual_model_fn(features, labels, mode, params):
    h = tf.compat.v1.layers.dense(features, params["width"], activation=tf.nn.relu)
    for _ in range(params["blocks"]):
        branch = tf.compat.v1.layers.dense(h, params["width"], activation=tf.nn.relu)
        branch = tf.compat.v1.layers.dense(branch, params["width"])
        h = tf.nn.relu(h + branch)
    prediction = tf.compat.v1.layers.dense(h, 1)

    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"y": prediction})

    loss = tf.compat.v1.losses.absolute_difference(labels, prediction)
    train_op = None
    if mode == tf.estimator.ModeKeys.TRAIN:
        global_step = tf.compat.v1.train.get_or_create_global_step()
        lr = tf.compat.v1.train.cosine_decay(params["lr"], global_step, params["decay_steps"], alpha=0.05)
        optimizer = tf.compat.v1.train.AdamOptimizer(lr)
        grads_and_vars = optimizer.compute_gradients(loss)
        grads, variables = zip(*grads_and_vars)
        clipped, _ = tf.clip_by_global_norm(grads, params["clip_norm"])
        train_op = optimizer.apply_gradients(zip(clipped, variables), global_step=global_step)

    metrics = {
        "rmse": tf.compat.v1.metrics.root_mean_squared_error(labels, prediction),
        "mae": tf.compat.v1.metrics.mean_absolute_error(labels, prediction),
    }
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


def main():
    random.seed(SEED)
    np.random.seed(SEED)
    x_train, y_train = build_data(12, 1000)
    x_eval, y_eval = build_data(13, 250)

    mirrored = tf.distribute.MirroredStrategy()
    run_config = tf.estimator.RunConfig(
        tf_random_seed=SEED, train_distribute=mirrored, eval_distribute=mirrored,
        save_summary_steps=50)
    est = tf.estimator.Estimator(model_fn=residual_model_fn, config=run_config, params=HPARAMS)
    est.train(input_fn=lambda: dataset(x_train, y_train, 25, train=True), steps=400)
    out = est.evaluate(input_fn=lambda: dataset(x_eval, y_eval, 50, train=False))
    print("FINAL", {"loss": round(float(out["loss"]), 4), "rmse": round(float(out["rmse"]), 4),
                    "mae": round(float(out["mae"]), 4), "global_step": int(out["global_step"])})


if __name__ == "__main__":
    main()
