"""The second classifier is wider than the one whose model_dir it warm-starts from: TF1 matched
variables by name and shape, a Keras checkpoint of a different model does not, so it is reported."""
import tempfile

import tensorflow as tf

columns = [tf.feature_column.numeric_column("score")]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"score": [[0.5], [1.5]]}, [0, 1])).batch(2)


def main():
    small_dir = tempfile.mkdtemp()
    small = tf.estimator.DNNClassifier(hidden_units=[4], feature_columns=columns, model_dir=small_dir)
    small.train(input_fn, steps=2)
    wide = tf.estimator.DNNClassifier(hidden_units=[16], feature_columns=columns, warm_start_from=small_dir)
    wide.train(input_fn, steps=2)


main()
