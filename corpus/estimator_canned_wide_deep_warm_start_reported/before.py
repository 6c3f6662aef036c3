"""Wide & deep warm-started from an earlier run of the same model: the Keras checkpoint would
also bring the linear optimizer's state, which TF1's warm start left out, so it is reported."""
import tempfile

import tensorflow as tf

columns = [tf.feature_column.numeric_column("score")]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"score": [[0.5], [1.5]]}, [0, 1])).batch(2)


first_dir = tempfile.mkdtemp()
first = tf.estimator.DNNLinearCombinedClassifier(linear_feature_columns=columns, dnn_feature_columns=columns,
                                                 dnn_hidden_units=[4], model_dir=first_dir)
first.train(input_fn, steps=2)
second = tf.estimator.DNNLinearCombinedClassifier(linear_feature_columns=columns, dnn_feature_columns=columns,
                                                  dnn_hidden_units=[4], warm_start_from=first_dir)
second.train(input_fn, steps=2)
