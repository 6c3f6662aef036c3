"""Keys known only at run time, and a vocabulary computed per key in the loop body."""
import numpy as np
import tensorflow as tf


def main(table, labels):
    columns = []
    for key in sorted(table):
        vocabulary = np.unique(table[key])
        columns.append(tf.feature_column.categorical_column_with_vocabulary_list(key, vocabulary))
    model = tf.estimator.LinearClassifier(feature_columns=columns)
    model.train(lambda: tf.data.Dataset.from_tensor_slices((table, labels)).repeat().batch(8), steps=5)


main({"a": np.array(["x", "y"] * 8)}, np.array([0, 1] * 8))
