"""Binary classifier with two input branches joined by tf.concat: argparse values put in
a params dict (`params={"lr": args.lr, ...}`), one EstimatorSpec return guarded by
`mode != PREDICT`, sigmoid cross-entropy, plain SGD, and train_and_evaluate with
TrainSpec/EvalSpec and its returned (metrics, exports)."""
import argparse
import random

import numpy as np
import tensorflow as tf

SEED = 42


def get_args():
    p = argparse.ArgumentParser()
    p.add_argument("--lr", type=float, default=0.1)
    p.add_argument("--deep_units", type=int, default=24)
    p.add_argument("--batch_size", type=int, default=32)
    p.add_argument("--train_steps", type=int, default=600)
    return p.parse_args()


def generate(n, seed):
    r = np.random.RandomState(seed)
    tabular = r.normal(size=(n, 3)).astype(np.float32)
    signal = r.normal(size=(n, 10)).astype(np.float32)
    logit = 1.5 * tabular[:, 0] - tabular[:, 1] + (signal[:, :5] * signal[:, 5:]).sum(axis=1) / 2
    y = (logit > 0).astype(np.float32)
    flipped = r.uniform(size=n) < 0.07
    y[flipped] = 1.0 - y[flipped]
    return {"tabular": tabular, "signal": signal}, y


def input_fn_factory(features, labels, batch_size, mode):
    def input_fn():
        ds = tf.data.Dataset.from_tensor_slices((features, labels))
        if mode == tf.estimator.ModeKeys.TRAIN:
            ds = ds.shuffle(2000, seed=SEED).repeat()
        return ds.batch(batch_size)
    return input_fn


def two_branch_model_fn(features, labels, mode, params):
    wide = tf.compat.v1.layers.dense(features["tabular"], 4)
    deep = tf.compat.v1.layers.dense(features["signal"], params["deep_units"], activation=tf.nn.relu)
    deep = tf.compat.v1.layers.dense(deep, params["deep_units"], activation=tf.nn.relu)
    joined = tf.concat([wide, deep], axis=1)
    logits = tf.squeeze(tf.compat.v1.layers.dense(joined, 1), axis=-1)
    probabilities = tf.nn.sigmoid(logits)
    predictions = {"probabilities": probabilities,
                   "classes": tf.cast(probabilities >= 0.5, tf.float32)}

    loss = train_op = eval_metric_ops = None
    if mode != tf.estimator.ModeKeys.PREDICT:
        loss = tf.compat.v1.losses.sigmoid_cross_entropy(labels, logits)
        if mode == tf.estimator.ModeKeys.TRAIN:
            optimizer = tf.compat.v1.train.GradientDescentOptimizer(params["lr"])
            train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
        else:
            eval_metric_ops = {
                "accuracy": tf.compat.v1.metrics.accuracy(labels, predictions["classes"]),
                "auc": tf.compat.v1.metrics.auc(labels, probabilities),
                "precision": tf.compat.v1.metrics.precision(labels, predictions["classes"]),
                "recall": tf.compat.v1.metrics.recall(labels, predictions["classes"]),
            }
    return tf.estimator.EstimatorSpec(mode=mode, predictions=predictions, loss=loss,
                                      train_op=train_op, eval_metric_ops=eval_metric_ops)


if __name__ == "__main__":
    args = get_args()
    random.seed(SEED)
    np.random.seed(SEED)
    train_features, train_labels = generate(1500, seed=21)
    eval_features, eval_labels = generate(400, seed=22)

    classifier = tf.estimator.Estimator(
        model_fn=two_branch_model_fn,
        params={"lr": args.lr, "deep_units": args.deep_units},
        config=tf.estimator.RunConfig(tf_random_seed=SEED),
    )
    train_spec = tf.estimator.TrainSpec(
        input_fn_factory(train_features, train_labels, args.batch_size, tf.estimator.ModeKeys.TRAIN),
        max_steps=args.train_steps)
    eval_spec = tf.estimator.EvalSpec(
        input_fn_factory(eval_features, eval_labels, 100, tf.estimator.ModeKeys.EVAL),
        steps=None, start_delay_secs=0, throttle_secs=0)
    eval_result, export_results = tf.estimator.train_and_evaluate(classifier, train_spec, eval_spec)
    print("PRED exports", len(export_results))
    print("FINAL {}".format({key: round(float(eval_result[key]), 4)
                             for key in ("loss", "accuracy", "auc", "precision", "recall")}
                            | {"global_step": int(eval_result["global_step"])}))
