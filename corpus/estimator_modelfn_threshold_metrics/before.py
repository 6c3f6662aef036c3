"""Binary metrics on probabilities thresholded at a hyperparameter, the model giving logits."""
import numpy as np
import tensorflow.compat.v1 as tf

RNG = np.random.RandomState(11)
POINTS = RNG.randn(64, 3).astype("float32")
LABELS = (POINTS[:, 0] + 0.5 * POINTS[:, 1] > 0.3).astype("float32")
KERNEL = (RNG.randn(3, 1) * 0.3).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": POINTS}, LABELS)).repeat().batch(16)


def model_fn(features, labels, mode, params):
    logits = tf.layers.dense(features["x"], 1, kernel_initializer=tf.constant_initializer(KERNEL))[:, 0]
    probability = tf.sigmoid(logits)
    predicted = tf.cast(probability > params["threshold"], tf.int64)
    loss = tf.losses.sigmoid_cross_entropy(labels, logits)
    if mode == tf.estimator.ModeKeys.EVAL:
        metrics = {
            "accuracy": tf.metrics.accuracy(labels, predicted),
            "precision": tf.metrics.precision(labels, predicted),
            "recall": tf.metrics.recall(labels, tf.greater(probability, 0.7)),
            "logit_accuracy": tf.metrics.accuracy(labels, tf.cast(logits > -0.5, tf.float32)),
        }
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops=metrics)
    optimizer = tf.train.GradientDescentOptimizer(0.5)
    train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, params={"threshold": 0.35})
estimator.train(input_fn, steps=6)
result = estimator.evaluate(input_fn, steps=4)
print("RESULT", {key: round(float(value), 6) for key, value in sorted(result.items())})
