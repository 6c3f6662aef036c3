"""Logistic regression on tf.get_variable weights, with an l2_loss penalty added by hand."""
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()
INPUTS = np.random.RandomState(4).randn(80, 3).astype("float32")
OUTCOMES = (INPUTS[:, 0] - INPUTS[:, 2] > 0).astype("float32").reshape(-1, 1)
L2 = 0.01


def input_fn():
    return tf.data.Dataset.from_tensor_slices((INPUTS, OUTCOMES)).repeat().batch(20)


def logreg_fn(features, labels, mode):
    weights = tf.get_variable("weights", shape=[3, 1], initializer=tf.zeros_initializer())
    bias = tf.get_variable("bias", shape=[1], initializer=tf.zeros_initializer())
    logits = tf.matmul(features, weights) + bias
    data_loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits), name="data_loss")
    loss = data_loss + L2 * tf.nn.l2_loss(weights)
    train_op = tf.train.GradientDescentOptimizer(0.5).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(logreg_fn)
estimator.train(input_fn, steps=25)
print(estimator.evaluate(input_fn, steps=4)["loss"])
