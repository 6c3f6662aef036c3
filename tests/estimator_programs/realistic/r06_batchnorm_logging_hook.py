"""Four-class MLP with batch normalization: `is_training = mode == TRAIN` passed as
training=, UPDATE_OPS control dependencies, an if/elif/else on the mode, a mean of
nn.sparse_softmax_cross_entropy_with_logits, Momentum, a mean metric, and a
LoggingTensorHook given to train(hooks=...)."""
import random

import numpy as np
import tensorflow as tf

tf.compat.v1.logging.set_verbosity(tf.compat.v1.logging.INFO)

SEED = 42
random.seed(SEED)
np.random.seed(SEED)

# Four overlapping blobs; the columns have very different scales, which batch norm fixes.
_rng = np.random.RandomState(31)
CENTERS = _rng.normal(scale=1.2, size=(4, 6))
SCALES = np.array([1.0, 10.0, 0.1, 50.0, 2.0, 0.5], dtype=np.float32)


def blobs(n):
    y = _rng.randint(0, 4, size=n)
    x = (CENTERS[y] + _rng.normal(size=(n, 6))) * SCALES
    return x.astype(np.float32), y.astype(np.int64)


TRAIN_X, TRAIN_Y = blobs(1000)
EVAL_X, EVAL_Y = blobs(300)


def train_input_fn():
    dataset = tf.data.Dataset.from_tensor_slices(({"inputs": TRAIN_X}, TRAIN_Y))
    return dataset.shuffle(1000, seed=1).repeat().batch(50)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"inputs": EVAL_X}, EVAL_Y)).batch(100)


def model_fn(features, labels, mode, params):
    is_training = mode == tf.estimator.ModeKeys.TRAIN
    net = tf.compat.v1.layers.batch_normalization(features["inputs"], training=is_training)
    net = tf.compat.v1.layers.dense(net, 32, use_bias=False)
    net = tf.compat.v1.layers.batch_normalization(net, training=is_training)
    net = tf.nn.relu(net)
    logits = tf.compat.v1.layers.dense(net, 4)

    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={
            "class": tf.argmax(logits, axis=-1), "probabilities": tf.nn.softmax(logits)})
    elif mode == tf.estimator.ModeKeys.EVAL:
        per_example = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
        loss = tf.reduce_mean(per_example)
        eval_ops = {
            "accuracy": tf.compat.v1.metrics.accuracy(labels, tf.argmax(logits, axis=-1)),
            "average_loss": tf.compat.v1.metrics.mean(per_example),
        }
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops=eval_ops)
    else:
        loss = tf.reduce_mean(
            tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
        tf.identity(loss, name="train_loss")
        optimizer = tf.compat.v1.train.MomentumOptimizer(params["lr"], momentum=params["momentum"])
        update_ops = tf.compat.v1.get_collection(tf.compat.v1.GraphKeys.UPDATE_OPS)
        with tf.control_dependencies(update_ops):
            train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(
    model_fn, params={"lr": 0.05, "momentum": 0.9},
    config=tf.estimator.RunConfig(tf_random_seed=SEED, log_step_count_steps=100))
logging_hook = tf.estimator.LoggingTensorHook(tensors={"loss": "train_loss"}, every_n_iter=100)
estimator.train(train_input_fn, hooks=[logging_hook], steps=300)
evaluation = estimator.evaluate(eval_input_fn)

preds = list(estimator.predict(lambda: tf.data.Dataset.from_tensor_slices({"inputs": EVAL_X[:7]}).batch(7)))
print("PRED count", len(preds))
print("PRED keys", sorted(preds[0]))
print("FINAL", {
    "loss": round(float(evaluation["loss"]), 4),
    "average_loss": round(float(evaluation["average_loss"]), 4),
    "accuracy": round(float(evaluation["accuracy"]), 4),
    "global_step": int(evaluation["global_step"]),
})
