"""A model_dir trained by one Estimator, read by a second one to evaluate, and trained
further by that second one: its training resumes from the checkpoint, optimizer and step."""
import os
import tempfile

import numpy as np
import tensorflow as tf

rng = np.random.RandomState(19)
SCORES = rng.normal(size=(90, 2)).astype(np.float32)
PASSED = (SCORES.sum(axis=1) > 0.2).astype(np.int64)
MODEL_DIR = os.path.join(tempfile.mkdtemp(), "exam_model")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"scores": SCORES}, PASSED)).batch(15)


def model_fn(features, labels, mode):
    logits = tf.compat.v1.layers.dense(features["scores"], 2, kernel_initializer=tf.compat.v1.zeros_initializer())
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"passed": tf.argmax(logits, axis=1)})
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    metrics = {"accuracy": tf.compat.v1.metrics.accuracy(labels, tf.argmax(logits, axis=1))}
    train_op = tf.compat.v1.train.MomentumOptimizer(0.3, momentum=0.9).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


trainer = tf.estimator.Estimator(model_fn, model_dir=MODEL_DIR)
trainer.train(input_fn)

reopened = tf.estimator.Estimator(model_fn, model_dir=MODEL_DIR)
print("reopened", reopened.evaluate(input_fn))
reopened.train(input_fn, steps=3)
print("trained more", reopened.evaluate(input_fn))
