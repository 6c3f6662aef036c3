"""Three grades of coffee beans from a linear classifier, with the mean per-class accuracy
added to its evaluation through tf.estimator.add_metrics."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(14)
DENSITY = rng.normal(0.7, 0.1, size=240).astype(np.float32)
MOISTURE = rng.normal(11.0, 1.5, size=240).astype(np.float32)
GRADES = np.digitize(DENSITY * 10 - (MOISTURE - 11.0), [6.5, 7.5]).astype(np.int64)


def per_grade(labels, predictions):
    return {"mean_per_class_accuracy": tf.compat.v1.metrics.mean_per_class_accuracy(
        labels=labels, predictions=predictions["class_ids"], num_classes=3)}


def input_fn():
    features = {"density": DENSITY, "moisture": MOISTURE}
    return tf.data.Dataset.from_tensor_slices((features, GRADES)).batch(24)


columns = [tf.feature_column.numeric_column("density"),
           tf.feature_column.numeric_column("moisture", normalizer_fn=lambda x: (x - 11.0) / 1.5)]
classifier = tf.estimator.LinearClassifier(columns, n_classes=3, optimizer="Ftrl")
classifier = tf.estimator.add_metrics(classifier, per_grade)
classifier.train(input_fn, steps=30)
print("eval", classifier.evaluate(input_fn))
