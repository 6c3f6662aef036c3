"""Clinic no-show classifier in the cloud-trainer layout: two sizes of one custom model_fn
kept in a dict by name, each with a RunConfig from one helper that gives it a directory of
its own under a temporary root; a loop over the written names runs train_and_evaluate with
a LatestExporter whose serving function makes a dict of placeholders, and the newest export
of the chosen model is loaded back to score a few appointments."""
import os
import random
import tempfile

import numpy as np
import tensorflow as tf

SEED = 42
random.seed(SEED)
np.random.seed(SEED)

MODEL_ROOT = tempfile.mkdtemp(prefix="clinic_")
data_rng = np.random.RandomState(1618)


def appointments(n):
    lead_days = data_rng.uniform(0.0, 60.0, n).astype(np.float32)
    age = data_rng.uniform(18.0, 90.0, n).astype(np.float32)
    reminders = data_rng.randint(0, 4, n).astype(np.float32)
    score = 0.05 * lead_days - 0.02 * (age - 50.0) - 0.7 * reminders + data_rng.normal(scale=0.8, size=n)
    features = {"lead_days": lead_days / 60.0, "age": (age - 50.0) / 20.0, "reminders": reminders / 3.0}
    return features, (score > 0.3).astype(np.int64)


train_data = appointments(2000)
valid_data = appointments(500)


def make_input_fn(data, training):
    def input_fn():
        features, labels = data
        ds = tf.data.Dataset.from_tensor_slices((features, labels))
        if training:
            ds = ds.shuffle(2000, seed=SEED).repeat()
        return ds.batch(64 if training else 250)
    return input_fn


def model_fn(features, labels, mode, params):
    net = tf.stack([features["lead_days"], features["age"], features["reminders"]], axis=1)
    for units in params["hidden"]:
        net = tf.compat.v1.layers.dense(net, units, activation=tf.nn.relu)
    logits = tf.compat.v1.layers.dense(net, 2)
    predicted = tf.argmax(logits, 1)
    predictions = {"no_show": predicted, "probabilities": tf.nn.softmax(logits)}
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions=predictions)
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    if mode == tf.estimator.ModeKeys.EVAL:
        metrics = {"accuracy": tf.compat.v1.metrics.accuracy(labels, predicted),
                   "precision": tf.compat.v1.metrics.precision(labels, predicted)}
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops=metrics)
    learning_rate = tf.compat.v1.train.exponential_decay(
        params["learning_rate"], tf.compat.v1.train.get_global_step(), 200, 0.7, staircase=True)
    optimizer = tf.compat.v1.train.AdamOptimizer(learning_rate)
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def serving_input_fn():
    feature_placeholders = {
        "lead_days": tf.compat.v1.placeholder(tf.float32, [None]),
        "age": tf.compat.v1.placeholder(tf.float32, [None]),
        "reminders": tf.compat.v1.placeholder(tf.float32, [None]),
    }
    return tf.estimator.export.ServingInputReceiver(feature_placeholders, feature_placeholders)


def run_config(name):
    return tf.estimator.RunConfig(model_dir=os.path.join(MODEL_ROOT, name), tf_random_seed=SEED,
                                  save_checkpoints_steps=300, keep_checkpoint_max=1)


def main():
    models = {
        "small": tf.estimator.Estimator(model_fn, params={"hidden": [8], "learning_rate": 0.02},
                                        config=run_config("small")),
        "large": tf.estimator.Estimator(model_fn, params={"hidden": [32, 16], "learning_rate": 0.01},
                                        config=run_config("large")),
    }
    results = {}
    for name in ["small", "large"]:
        train_spec = tf.estimator.TrainSpec(input_fn=make_input_fn(train_data, True), max_steps=600)
        exporter = tf.estimator.LatestExporter("exporter", serving_input_fn)
        eval_spec = tf.estimator.EvalSpec(input_fn=make_input_fn(valid_data, False), steps=None,
                                          exporters=exporter, throttle_secs=1)
        metrics, exports = tf.estimator.train_and_evaluate(models[name], train_spec, eval_spec)
        results[name] = metrics
        print("%-5s accuracy %.3f precision %.3f step %d exports %d" % (
            name, metrics["accuracy"], metrics["precision"], metrics["global_step"], len(exports)))
        if name == "large":
            newest = exports[0].decode()
    print("PRED models", sorted(models))

    serve = tf.saved_model.load(newest).signatures["serving_default"]
    sample, _ = appointments(6)
    served = serve(**{key: tf.constant(value) for key, value in sample.items()})
    print("PRED signature inputs", sorted(serve.structured_input_signature[1]))
    print("PRED served keys", sorted(served), "shapes", [tuple(served[k].shape) for k in sorted(served)])
    first = next(models["large"].predict(input_fn=make_input_fn(valid_data, False)))
    print("PRED predict keys", sorted(first))

    final = results["large"]
    print("FINAL", {"loss": round(float(final["loss"]), 4), "accuracy": round(float(final["accuracy"]), 4),
                    "precision": round(float(final["precision"]), 4), "global_step": int(final["global_step"])})


if __name__ == "__main__":
    main()
