"""Noise scaled by the input itself while training: not the additive noise Keras's
GaussianNoise adds, so the model differs between modes and stays reported."""
import numpy as np
import tensorflow.compat.v1 as tf

POINTS = np.random.RandomState(52).randn(20, 3).astype("float32")
TARGETS = POINTS[:, :1].astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, TARGETS)).repeat().batch(5)


def model_fn(features, labels, mode):
    net = features
    if mode == tf.estimator.ModeKeys.TRAIN:
        net = net * tf.random.normal(tf.shape(net), mean=1.0, stddev=0.1)
    output = tf.layers.dense(net, 1)
    loss = tf.losses.mean_squared_error(labels, output)
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=4)
print(estimator.evaluate(input_fn, steps=2)["loss"])
