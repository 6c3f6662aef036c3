"""A canned classifier exported with a tf.Example parsing receiver made inline, and the
export's path printed: the Keras model writes the head's signatures in the same place."""
import os
import tempfile

import numpy as np
import tensorflow as tf

X = np.random.RandomState(14).rand(40, 2).astype("float32")
Y = (X[:, 0] > X[:, 1]).astype("int32")
COLUMNS = [tf.feature_column.numeric_column("x", shape=[2])]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(8)


classifier = tf.estimator.LinearClassifier(feature_columns=COLUMNS)
classifier.train(input_fn, steps=10)
receiver_fn = tf.estimator.export.build_parsing_serving_input_receiver_fn(
    tf.feature_column.make_parse_example_spec(COLUMNS))
print(classifier.export_saved_model(os.path.join(tempfile.mkdtemp(), "export"), receiver_fn))
