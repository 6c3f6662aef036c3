"""Machine-health classifier: two variants of one custom model_fn (a narrow net and a wider
one with dropout) written straight into a list of (name, Estimator) pairs, each trained
and scored by one helper that hands the Estimator back with its metrics; the better one
is exported for serving with a receiver of placeholders, and the SavedModel is loaded
back to score a few readings through its signature."""
import os
import random
import tempfile

import numpy as np
import tensorflow as tf

SEED = 42
random.seed(SEED)
np.random.seed(SEED)

N_SENSORS = 6
data_rng = np.random.RandomState(2718)
weights = data_rng.normal(size=(N_SENSORS,)).astype(np.float32)


def readings(n):
    x = data_rng.normal(size=(n, N_SENSORS)).astype(np.float32)
    score = x @ weights + 0.6 * np.sin(2.0 * x[:, 0]) + data_rng.normal(scale=0.5, size=n)
    return x, (score > 0.0).astype(np.int64)


train_x, train_y = readings(1600)
valid_x, valid_y = readings(400)


def input_fn(x, y, training):
    ds = tf.data.Dataset.from_tensor_slices(({"sensors": x}, y))
    if training:
        ds = ds.shuffle(1600, seed=SEED).repeat()
    return ds.batch(50 if training else 100)


def model_fn(features, labels, mode, params):
    net = features["sensors"]
    for units in params["hidden"]:
        net = tf.compat.v1.layers.dense(net, units, activation=tf.nn.relu)
        net = tf.compat.v1.layers.dropout(net, rate=params["dropout"], training=mode == tf.estimator.ModeKeys.TRAIN)
    logits = tf.compat.v1.layers.dense(net, 2)
    predictions = {"class_id": tf.argmax(logits, 1), "probabilities": tf.nn.softmax(logits)}
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions=predictions, export_outputs={
            "serving_default": tf.estimator.export.PredictOutput(predictions)})
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    metrics = {"accuracy": tf.compat.v1.metrics.accuracy(labels, predictions["class_id"])}
    if mode == tf.estimator.ModeKeys.EVAL:
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops=metrics)
    optimizer = tf.compat.v1.train.AdamOptimizer(params["learning_rate"])
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def serving_input_receiver_fn():
    sensors = tf.compat.v1.placeholder(tf.float32, [None, N_SENSORS], name="sensors")
    return tf.estimator.export.ServingInputReceiver({"sensors": sensors}, {"readings": sensors})


def train_and_score(name, estimator, steps):
    estimator.train(input_fn=lambda: input_fn(train_x, train_y, True), steps=steps)
    metrics = estimator.evaluate(input_fn=lambda: input_fn(valid_x, valid_y, False))
    print("%-6s accuracy %.3f loss %.3f step %d" % (name, metrics["accuracy"], metrics["loss"],
                                                    metrics["global_step"]))
    return estimator, metrics


config = tf.estimator.RunConfig(tf_random_seed=SEED)
variants = [
    ("narrow", tf.estimator.Estimator(model_fn, config=config,
                                      params={"hidden": [16], "dropout": 0.0, "learning_rate": 0.01})),
    ("wide", tf.estimator.Estimator(model_fn, config=config,
                                    params={"hidden": [64, 32], "dropout": 0.2, "learning_rate": 0.005})),
]
results = {}
for name, estimator in variants:
    estimator, results[name] = train_and_score(name, estimator, 400)
print("PRED variants", [name for name, _ in variants])

best_name = max(results, key=lambda name: results[name]["accuracy"])
for name, estimator in variants:
    if name == best_name:
        base = os.path.join(tempfile.mkdtemp(), "export")
        exported = estimator.export_saved_model(base, serving_input_receiver_fn)
        serve = tf.saved_model.load(exported.decode()).signatures["serving_default"]
        served = serve(readings=tf.constant(valid_x[:8]))
        print("PRED signature inputs", sorted(serve.structured_input_signature[1]))
        print("PRED served keys", sorted(served), "shapes", [tuple(served[k].shape) for k in sorted(served)])

final = results["wide"]
print("FINAL", {"loss": round(float(final["loss"]), 4), "accuracy": round(float(final["accuracy"]), 4),
                "global_step": int(final["global_step"])})
