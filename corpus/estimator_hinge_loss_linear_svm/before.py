"""A linear support-vector classifier: one logit trained on the hinge loss, with its
accuracy read on the sign of the logit."""
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()
rng = np.random.RandomState(5)
POINTS = rng.normal(size=(80, 2)).astype(np.float32)
SIDE = (POINTS[:, 0] - 0.7 * POINTS[:, 1] > 0.1).astype(np.float32).reshape(-1, 1)
START = np.array([[0.3], [-0.2]], dtype=np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"point": POINTS}, SIDE)).repeat(2).batch(10)


def model_fn(features, labels, mode):
    logit = tf.layers.dense(features["point"], 1, kernel_initializer=tf.constant_initializer(START))
    loss = tf.losses.hinge_loss(labels=labels, logits=logit)
    if mode == tf.estimator.ModeKeys.EVAL:
        accuracy = tf.metrics.accuracy(labels, tf.cast(logit > 0, tf.float32))
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"accuracy": accuracy})
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


svm = tf.estimator.Estimator(model_fn)
svm.train(input_fn)
print("eval", svm.evaluate(input_fn))
