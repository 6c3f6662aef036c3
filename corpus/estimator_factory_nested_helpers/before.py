"""Soil moisture classes from sensor readings. The model_fn comes from a factory over a
settings object, and the factory also defines the network and loss helpers it calls."""
import collections

import numpy as np
import tensorflow.compat.v1 as tf

LEVELS = ["dry", "moist", "wet"]
Settings = collections.namedtuple("Settings", ["units", "smoothing", "rate"])

rng = np.random.RandomState(12)
READINGS = rng.uniform(-1.0, 1.0, size=(90, 4)).astype(np.float32)
LEVEL_IDS = np.digitize(READINGS.mean(axis=1), [-0.15, 0.15]).astype(np.int64)
HIDDEN_INIT = np.linspace(-0.5, 0.5, 24).reshape(4, 6).astype(np.float32)
OUTPUT_INIT = np.sin(np.arange(18)).reshape(6, 3).astype(np.float32) * 0.4


def make_model_fn(settings):
    def network(readings):
        hidden = tf.layers.dense(readings, settings.units, activation=tf.nn.relu,
                                 kernel_initializer=tf.constant_initializer(HIDDEN_INIT))
        return tf.layers.dense(hidden, len(LEVELS), kernel_initializer=tf.constant_initializer(OUTPUT_INIT))

    def smoothed_loss(labels, logits):
        targets = tf.one_hot(labels, depth=len(LEVELS))
        return tf.losses.softmax_cross_entropy(targets, logits, label_smoothing=settings.smoothing)

    def model_fn(features, labels, mode):
        logits = network(features["readings"])
        levels = tf.argmax(logits, axis=1)
        if mode == tf.estimator.ModeKeys.PREDICT:
            return tf.estimator.EstimatorSpec(mode, predictions={"level": levels})
        loss = smoothed_loss(labels, logits)
        if mode == tf.estimator.ModeKeys.EVAL:
            metrics = {"accuracy": tf.metrics.accuracy(labels, levels),
                       "per_level": tf.metrics.mean_per_class_accuracy(labels, levels, len(LEVELS))}
            return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops=metrics)
        optimizer = tf.train.GradientDescentOptimizer(settings.rate)
        train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)

    return model_fn


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"readings": READINGS}, LEVEL_IDS)).repeat(8).batch(15)


soil = tf.estimator.Estimator(make_model_fn(Settings(units=6, smoothing=0.1, rate=1.0)))
soil.train(input_fn)
print("eval", soil.evaluate(input_fn, steps=4))
