"""Support tickets routed by product, whose vocabulary file the program writes before training."""
import os
import tempfile

import numpy as np
import tensorflow as tf

PRODUCTS = ["router", "modem", "phone", "tablet"]
RNG = np.random.RandomState(21)
PRODUCT = RNG.choice(PRODUCTS + ["watch"], size=240)
URGENT = np.isin(PRODUCT, ["router", "modem"]).astype("int32")


def write_vocabulary(folder):
    path = os.path.join(folder, "products.txt")
    with open(path, "w") as fh:
        fh.write("\n".join(PRODUCTS) + "\n")
    return path


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices(({"product": PRODUCT}, URGENT)).batch(24).repeat(epochs)


vocabulary_path = write_vocabulary(tempfile.mkdtemp())
product = tf.feature_column.categorical_column_with_vocabulary_file(
    "product", vocabulary_file=vocabulary_path, num_oov_buckets=1)
classifier = tf.estimator.LinearClassifier(feature_columns=[product])
classifier.train(lambda: input_fn(5))
print(classifier.evaluate(lambda: input_fn(1)))
