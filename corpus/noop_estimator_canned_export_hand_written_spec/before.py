"""The parsing receiver's feature spec is written by hand rather than made from the columns:
tfmigrate does not check that it parses what the model reads, so the export stays."""
import os
import tempfile

import tensorflow as tf

COLUMNS = [tf.feature_column.numeric_column("size")]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"size": [1.0, 2.0, 3.0]}, [2.0, 4.0, 6.0])).batch(3)


regressor = tf.estimator.LinearRegressor(feature_columns=COLUMNS)
regressor.train(input_fn=input_fn, steps=4)
serving_fn = tf.estimator.export.build_parsing_serving_input_receiver_fn(
    {"size": tf.io.FixedLenFeature([1], tf.float32)})
regressor.export_saved_model(os.path.join(tempfile.mkdtemp(), "export"), serving_fn)
