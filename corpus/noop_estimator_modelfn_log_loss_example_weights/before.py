"""log_loss weighted per example by a feature: TF1 divided by the number of non-zero weights,
which a Keras loss function does not see, so it stays reported."""
import numpy as np
import tensorflow.compat.v1 as tf

POINTS = np.random.RandomState(22).randn(24, 3).astype("float32")
WEIGHTS = np.random.RandomState(23).randint(0, 2, size=(24, 1)).astype("float32")
LABELS = (POINTS[:, :1] > 0).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": POINTS, "w": WEIGHTS}, LABELS)).repeat().batch(6)


def model_fn(features, labels, mode):
    probabilities = tf.sigmoid(tf.layers.dense(features["x"], 1))
    loss = tf.losses.log_loss(labels, probabilities, weights=features["w"])
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=4)
