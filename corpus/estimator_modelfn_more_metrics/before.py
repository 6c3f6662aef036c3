"""Metrics Keras spells otherwise: mean_relative_error, mean_per_class_accuracy, mean_iou and
the confusion counts of a thresholded output."""
import numpy as np
import tensorflow.compat.v1 as tf

RNG = np.random.RandomState(31)
POINTS = RNG.randn(60, 4).astype("float32")
CLASSES = (np.abs(POINTS[:, 0] * 2).astype("int32") % 4).astype("int32")
TARGETS = (POINTS[:, 1] * 3.0 + 4.0).astype("float32")
W_CLASS = (RNG.randn(4, 4) * 0.5).astype("float32")
W_VALUE = (RNG.randn(4, 1) * 0.5).astype("float32")


def classes_input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, CLASSES)).repeat().batch(12)


def values_input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, TARGETS)).repeat().batch(12)


def classifier_fn(features, labels, mode, params):
    logits = tf.layers.dense(features, params["classes"], kernel_initializer=tf.constant_initializer(W_CLASS))
    class_ids = tf.argmax(logits, axis=1)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    metrics = {
        "per_class": tf.metrics.mean_per_class_accuracy(labels, class_ids, params["classes"]),
        "iou": tf.metrics.mean_iou(labels, class_ids, num_classes=4),
    }
    train_op = tf.train.GradientDescentOptimizer(0.2).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


def regressor_fn(features, labels, mode):
    output = tf.layers.dense(features, 1, kernel_initializer=tf.constant_initializer(W_VALUE))
    prediction = tf.reshape(output, [-1])
    loss = tf.losses.mean_squared_error(labels, prediction)
    metrics = {
        "relative": tf.metrics.mean_relative_error(labels, prediction, normalizer=labels),
    }
    train_op = tf.train.GradientDescentOptimizer(0.05).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


def detector_fn(features, labels, mode):
    logits = tf.layers.dense(features, 1, kernel_initializer=tf.constant_initializer(W_VALUE))
    loss = tf.losses.sigmoid_cross_entropy(labels, logits)
    metrics = {
        "found": tf.metrics.true_positives(labels, tf.sigmoid(logits) > 0.4),
        "missed": tf.metrics.false_negatives(labels, tf.greater(logits, 0.0)),
    }
    train_op = tf.train.GradientDescentOptimizer(0.2).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


def flags_input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, (CLASSES[:, None] > 1).astype("float32"))).repeat().batch(12)


classifier = tf.estimator.Estimator(classifier_fn, params={"classes": 4})
classifier.train(classes_input_fn, steps=10)
result = classifier.evaluate(classes_input_fn, steps=5)
print("CLASSIFIER", {key: round(float(value), 6) for key, value in sorted(result.items())})
regressor = tf.estimator.Estimator(regressor_fn)
regressor.train(values_input_fn, steps=10)
result = regressor.evaluate(values_input_fn, steps=5)
print("REGRESSOR", {key: round(float(value), 6) for key, value in sorted(result.items())})
detector = tf.estimator.Estimator(detector_fn)
detector.train(flags_input_fn, steps=10)
result = detector.evaluate(flags_input_fn, steps=5)
print("DETECTOR", {key: round(float(value), 6) for key, value in sorted(result.items())})
