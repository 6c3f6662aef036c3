"""A model giving probabilities, trained with tf.losses.log_loss (epsilon inside the logs)."""
import numpy as np
import tensorflow.compat.v1 as tf

RNG = np.random.RandomState(21)
POINTS = RNG.randn(48, 4).astype("float32")
LABELS = (POINTS[:, 1] - POINTS[:, 3] > 0.2).astype("int64")
KERNEL = (RNG.randn(4, 1) * 2.0).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, LABELS)).repeat().batch(12)


def model_fn(features, labels, mode, params):
    logits = tf.layers.dense(features, 1, kernel_initializer=tf.constant_initializer(KERNEL))
    probabilities = tf.sigmoid(logits)
    classes = tf.cast(probabilities > 0.5, tf.int64)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"probabilities": probabilities, "classes": classes})
    labels = tf.reshape(tf.cast(labels, tf.float32), [-1, 1])
    loss = tf.losses.log_loss(labels=labels, predictions=probabilities, weights=params["weight"], epsilon=1e-4)
    metrics = {
        "accuracy": tf.metrics.accuracy(labels, classes),
        "auc": tf.metrics.auc(labels, probabilities),
    }
    if mode == tf.estimator.ModeKeys.EVAL:
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops=metrics)
    train_op = tf.train.AdagradOptimizer(0.3).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, params={"weight": 2.0})
estimator.train(input_fn, steps=8)
result = estimator.evaluate(input_fn, steps=4)
print("RESULT", {key: round(float(value), 6) for key, value in sorted(result.items())})
rows = estimator.predict(lambda: tf.data.Dataset.from_tensor_slices(POINTS[:4]).batch(2))
print("PREDICT", [(round(float(row["probabilities"][0]), 6), int(row["classes"][0])) for row in rows])
