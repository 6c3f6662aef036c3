"""The parsing receiver is built for a fixed batch size: the export stays as it is."""
import os
import tempfile

import tensorflow as tf

COLUMNS = [tf.feature_column.numeric_column("size")]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"size": [1.0, 2.0, 3.0]}, [2.0, 4.0, 6.0])).batch(3)


regressor = tf.estimator.LinearRegressor(feature_columns=COLUMNS)
regressor.train(input_fn=input_fn, steps=4)
serving_fn = tf.estimator.export.build_parsing_serving_input_receiver_fn(
    tf.feature_column.make_parse_example_spec(COLUMNS), default_batch_size=8)
regressor.export_saved_model(os.path.join(tempfile.mkdtemp(), "export"), serving_fn)
