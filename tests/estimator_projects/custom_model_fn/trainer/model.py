"""The taxi-tip model: its input pipeline and its model_fn.

trainer/task.py builds the Estimator from `model_fn` and drives it; this module knows
nothing of flags or run configuration, as in the cloud training templates."""

import numpy as np
import tensorflow as tf

FEATURES = ("distance", "duration", "hour", "passengers")


def trips(count, seed):
    """Synthetic trips whose tip class follows a noisy rule of their features."""
    rng = np.random.RandomState(seed)
    columns = {
        "distance": rng.exponential(0.4, size=(count,)).astype("float32"),
        "duration": rng.uniform(0.0, 1.0, size=(count,)).astype("float32"),
        "hour": rng.randint(0, 24, size=(count,)).astype("float32") / 24.0,
        "passengers": rng.randint(1, 5, size=(count,)).astype("float32") / 4.0,
    }
    score = 2.0 * columns["distance"] - columns["duration"] + 0.5 * np.sin(6.28 * columns["hour"])
    tipped = (score + rng.normal(0.0, 0.25, size=count) > 0.2).astype("int32")
    return columns, tipped


def input_fn(columns, labels, batch_size, mode):
    """A Dataset of (features, label) batches; shuffled and repeated for training."""
    data = tf.data.Dataset.from_tensor_slices((dict(columns), labels))
    if mode == tf.estimator.ModeKeys.TRAIN:
        data = data.shuffle(1000, seed=7).repeat()
    return data.batch(batch_size)


def model_fn(features, labels, mode, params):
    inputs = tf.stack([features[name] for name in FEATURES], axis=1)
    hidden = inputs
    for units in params["hidden_units"]:
        hidden = tf.compat.v1.layers.dense(hidden, units, activation=tf.nn.relu)
    logits = tf.compat.v1.layers.dense(hidden, 2)
    predicted = tf.argmax(logits, axis=1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"class": predicted,
                                                             "probabilities": tf.nn.softmax(logits)})
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    if mode == tf.estimator.ModeKeys.EVAL:
        accuracy = tf.compat.v1.metrics.accuracy(labels=labels, predictions=predicted)
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"accuracy": accuracy})
    optimizer = tf.compat.v1.train.AdamOptimizer(learning_rate=params["learning_rate"])
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)
