"""A linear model written with raw variables, whose train op groups the update with an
increment of the global step, as the early getting-started guides wrote it."""
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()
X_TRAIN = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], np.float32)
Y_TRAIN = np.array([0.1, -0.9, -2.2, -2.8, -4.1, -5.0], np.float32)


def model_fn(features, labels, mode):
    slope = tf.get_variable("slope", [1], dtype=tf.float32, initializer=tf.zeros_initializer())
    offset = tf.get_variable("offset", [1], dtype=tf.float32, initializer=tf.zeros_initializer())
    line = slope * features["x"] + offset
    loss = tf.reduce_sum(tf.square(line - labels))
    global_step = tf.train.get_global_step()
    optimizer = tf.train.GradientDescentOptimizer(0.005)
    train = tf.group(optimizer.minimize(loss), tf.assign_add(global_step, 1))
    return tf.estimator.EstimatorSpec(mode=mode, predictions=line, loss=loss, train_op=train)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X_TRAIN}, Y_TRAIN)).repeat(20).batch(3)


estimator = tf.estimator.Estimator(model_fn=model_fn)
estimator.train(input_fn=input_fn)
print("eval", estimator.evaluate(input_fn=input_fn, steps=2))
