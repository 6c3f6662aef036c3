"""A canned Estimator warm-started from a checkpoint some other program wrote: its variables
carry TF1 graph names, which the Keras model does not have, so the pipeline is reported."""
import tensorflow as tf

columns = [tf.feature_column.numeric_column("score")]
classifier = tf.estimator.DNNClassifier(hidden_units=[6], feature_columns=columns,
                                        warm_start_from="/models/pretrained")
classifier.train(lambda: tf.data.Dataset.from_tensor_slices(({"score": [[0.5]]}, [1])).batch(1), steps=1)
