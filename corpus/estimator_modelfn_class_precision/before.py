"""Precision and recall of one class of a softmax classifier, given to tf.metrics as two
boolean tensors, and an accuracy on class ids cast to float."""
import numpy as np
import tensorflow.compat.v1 as tf

RNG = np.random.RandomState(81)
POINTS = RNG.randn(45, 4).astype("float32")
CLASSES = np.argmax(POINTS[:, :3] + 0.3 * RNG.randn(45, 3), axis=1).astype("int64")
KERNEL = (RNG.randn(4, 3) * 0.5).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, CLASSES)).repeat().batch(9)


def model_fn(features, labels, mode):
    logits = tf.layers.dense(features, 3, kernel_initializer=tf.constant_initializer(KERNEL))
    classes = tf.argmax(logits, axis=1)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    is_first = tf.equal(labels, 0)
    predicted_first = tf.equal(classes, 0)
    metrics = {
        "first_precision": tf.metrics.precision(is_first, predicted_first),
        "first_recall": tf.metrics.recall(labels=is_first, predictions=predicted_first),
        "accuracy": tf.metrics.accuracy(tf.cast(labels, tf.float32), tf.cast(classes, tf.float32)),
    }
    train_op = tf.train.GradientDescentOptimizer(0.3).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=10)
result = estimator.evaluate(input_fn, steps=5)
print("RESULT", {key: round(float(value), 6) for key, value in sorted(result.items())})
