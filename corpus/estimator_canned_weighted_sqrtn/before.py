"""Bag of weighted terms in a linear model combined with sqrtn: sum(w x) / sqrt(sum(w^2))."""
import numpy as np
import tensorflow as tf

terms = np.array([["good", "fast"], ["slow", ""], ["good", "cheap"], ["slow", "broken"]] * 64)
weights = np.array([[0.5, 2.0], [3.0, 0.0], [1.0, 1.0], [0.2, 1.5]] * 64, dtype=np.float32)
label = np.array([1, 0, 1, 0] * 64)
vocabulary = tf.feature_column.categorical_column_with_vocabulary_list("terms", ["good", "fast", "cheap", "slow"])
column = tf.feature_column.weighted_categorical_column(vocabulary, "tfidf")
classifier = tf.estimator.LinearClassifier(feature_columns=[column], sparse_combiner="sqrtn",
                                           config=tf.estimator.RunConfig(tf_random_seed=1))


def batches():
    return tf.data.Dataset.from_tensor_slices(({"terms": terms, "tfidf": weights}, label)).batch(32)


classifier.train(batches, steps=8)
scores = classifier.evaluate(batches)
print("FINAL", {k: round(float(scores[k]), 5) for k in ("accuracy", "prediction/mean", "average_loss", "global_step")})
