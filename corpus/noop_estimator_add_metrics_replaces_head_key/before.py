"""The added metric takes the key of one of the head's own ("auc"), which TF1 replaced:
tfmigrate does not replace the head's metrics."""
import tensorflow as tf

COLUMNS = [tf.feature_column.numeric_column("score")]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"score": [0.1, 0.8, 0.3, 0.9]}, [0, 1, 0, 1])).batch(2)


def careful_auc(labels, predictions):
    return {"auc": tf.compat.v1.metrics.auc(labels, predictions["logistic"], num_thresholds=1000)}


classifier = tf.estimator.LinearClassifier(COLUMNS)
classifier = tf.estimator.add_metrics(classifier, careful_auc)
classifier.train(input_fn)
print(classifier.evaluate(input_fn))
