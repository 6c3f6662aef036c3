"""add_metrics replaces the head's precision-recall AUC with one of 50 thresholds (the head's
has 200): TF1 replaced the head's metric, which tfmigrate does not, so it is reported."""
import numpy as np
import tensorflow as tf

POINTS = np.random.RandomState(21).rand(40, 2).astype(np.float32)
LABELS = (POINTS[:, 0] + 0.3 * POINTS[:, 1] > 0.6).astype(np.int64)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": POINTS}, LABELS)).batch(10)


def metric_fn(labels, predictions):
    return {
        "auc_precision_recall": tf.compat.v1.metrics.auc(labels, predictions["logistic"], curve="PR", num_thresholds=50),
        "mean_probability": tf.compat.v1.metrics.mean(predictions["logistic"]),
    }


classifier = tf.compat.v1.estimator.LinearClassifier(feature_columns=[tf.feature_column.numeric_column("x", shape=[2])])
classifier = tf.estimator.add_metrics(classifier, metric_fn)
classifier.train(input_fn, steps=8)
print("eval", classifier.evaluate(input_fn))
