"""Churn prediction: two softmax classes, scored by the AUC of the positive class."""
import random

import numpy as np
import tensorflow as tf

random.seed(7)
np.random.seed(7)
USAGE = np.random.RandomState(11).uniform(size=(120, 3)).astype("float32")
CHURNED = (USAGE[:, 0] + 0.5 * USAGE[:, 1] < 0.7).astype("int64")


def input_fn(repeat):
    return tf.data.Dataset.from_tensor_slices(({"usage": USAGE}, CHURNED)).batch(20).repeat(repeat)


def churn_model_fn(features, labels, mode, params):
    hidden = tf.compat.v1.layers.dense(features["usage"], params["units"], activation=tf.nn.tanh)
    logits = tf.compat.v1.layers.dense(hidden, 2)
    probabilities = tf.nn.softmax(logits)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"churn": probabilities[:, 1]})
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    eval_metric_ops = {
        "auc": tf.compat.v1.metrics.auc(labels, probabilities[:, 1]),
        "accuracy": tf.compat.v1.metrics.accuracy(labels, tf.argmax(probabilities, 1)),
    }
    optimizer = tf.compat.v1.train.GradientDescentOptimizer(params["learning_rate"])
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_or_create_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=eval_metric_ops)


model = tf.estimator.Estimator(churn_model_fn, params={"units": 8, "learning_rate": 0.05})
model.train(lambda: input_fn(2))
print(model.evaluate(lambda: input_fn(1)))
print(sorted(next(model.predict(lambda: input_fn(1)))))
