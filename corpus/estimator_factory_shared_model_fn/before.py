"""One model_fn, two sizes: build_estimator returns the Estimator the model_type asks for."""
import random
import sys

import numpy as np
import tensorflow as tf

random.seed(3)
np.random.seed(3)
RNG = np.random.RandomState(3)
POINTS = RNG.normal(size=(240, 5)).astype(np.float32)
LABELS = (POINTS[:, 0] * POINTS[:, 1] + POINTS[:, 2] > 0).astype(np.int64)


def train_input_fn():
    dataset = tf.data.Dataset.from_tensor_slices(({"x": POINTS[:200]}, LABELS[:200]))
    return dataset.shuffle(200, seed=3).repeat().batch(20)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": POINTS[200:]}, LABELS[200:])).batch(20)


def mlp_fn(features, labels, mode, params):
    hidden = tf.compat.v1.layers.dense(features["x"], params["units"], activation=tf.nn.relu)
    logits = tf.compat.v1.layers.dense(hidden, 2)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"class": tf.argmax(logits, 1)})
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    if mode == tf.estimator.ModeKeys.EVAL:
        accuracy = tf.compat.v1.metrics.accuracy(labels, tf.argmax(logits, 1))
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"accuracy": accuracy})
    optimizer = tf.compat.v1.train.AdamOptimizer(params["learning_rate"])
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def build_estimator(model_type):
    config = tf.estimator.RunConfig(tf_random_seed=3, save_summary_steps=50)
    if model_type == "small":
        return tf.estimator.Estimator(mlp_fn, params={"units": 8, "learning_rate": 0.02}, config=config)
    return tf.estimator.Estimator(mlp_fn, params={"units": 32, "learning_rate": 0.01}, config=config)


def main(model_type):
    classifier = build_estimator(model_type)
    train_spec = tf.estimator.TrainSpec(train_input_fn, max_steps=200)
    eval_spec = tf.estimator.EvalSpec(eval_input_fn, steps=None)
    metrics, _ = tf.estimator.train_and_evaluate(classifier, train_spec, eval_spec)
    classes = list(classifier.predict(eval_input_fn, predict_keys=["class"]))
    print("FINAL", model_type, {k: round(float(v), 4) for k, v in sorted(metrics.items())})
    print("PRED", model_type, len(classes), sorted(classes[0]))


if __name__ == "__main__":
    for name in sys.argv[1:] or ["small", "large"]:
        main(name)
