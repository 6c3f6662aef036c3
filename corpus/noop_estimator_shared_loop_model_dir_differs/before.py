"""One Estimator of the loop keeps checkpoints in a model_dir and the other does not: the
loop's calls would need different Keras code for each, so both stay as they are."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(1).rand(20, 2).astype("float32")
Y = (X[:, 0] > 0.5).astype("int32")
COLUMNS = [tf.feature_column.numeric_column("x", shape=[2])]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(5)


kept = tf.estimator.LinearClassifier(feature_columns=COLUMNS, model_dir="/tmp/kept_linear")
scratch = tf.estimator.LinearClassifier(feature_columns=COLUMNS)
for classifier in [kept, scratch]:
    classifier.train(input_fn=input_fn, steps=20)
    print(classifier.evaluate(input_fn=input_fn))
