"""TF 1.x: tf.estimator.DNNClassifier with a tf.train.RMSPropOptimizer is the V1 class, whose
RMSProp starts its accumulator at 1 where Keras's starts at 0: no Keras form."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(34).rand(30, 2).astype("float32")
Y = (X[:, 0] > X[:, 1]).astype("int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(6)


classifier = tf.estimator.DNNClassifier(
    hidden_units=[8], feature_columns=[tf.feature_column.numeric_column("x", shape=[2])],
    optimizer=tf.train.RMSPropOptimizer(learning_rate=0.01))
classifier.train(input_fn=input_fn, steps=10)
