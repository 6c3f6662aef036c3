"""Loan approval with indicator columns built in a loop over a vocabulary table."""
import numpy as np
import tensorflow as tf

VOCABULARIES = {"purpose": ["car", "home", "study"], "term": ["short", "long"]}
NUMERIC = ["income", "debt"]


def make_frame(n, seed):
    rng = np.random.RandomState(seed)
    frame = {key: rng.choice(values, size=n) for key, values in VOCABULARIES.items()}
    frame.update({key: rng.uniform(0.0, 1.0, size=n).astype("float32") for key in NUMERIC})
    approved = (frame["income"] - frame["debt"] + 0.3 * (frame["term"] == "short") > 0.2).astype("int32")
    return frame, approved


def feature_columns():
    columns = [tf.feature_column.numeric_column(key) for key in NUMERIC]
    for key, vocabulary in VOCABULARIES.items():
        categorical = tf.feature_column.categorical_column_with_vocabulary_list(key, vocabulary)
        columns.append(tf.feature_column.indicator_column(categorical))
    return columns


frame, approved = make_frame(256, 0)
classifier = tf.estimator.DNNClassifier(hidden_units=[8], feature_columns=feature_columns(),
                                        optimizer="Adam", config=tf.estimator.RunConfig(tf_random_seed=4))
classifier.train(lambda: tf.data.Dataset.from_tensor_slices((frame, approved)).batch(32).repeat(20))
print(classifier.evaluate(lambda: tf.data.Dataset.from_tensor_slices((frame, approved)).batch(64)))
