"""A regression model_fn whose stepped learning rate reads two locals bound in one tuple
assignment from the hyperparameters."""
import numpy as np
import tensorflow.compat.v1 as tf

X = np.linspace(-1, 1, 64).reshape(32, 2).astype(np.float32)
Y = (X[:, :1] * 2.0 - X[:, 1:]).astype(np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).repeat(3).batch(8)


def model_fn(features, labels, mode, params):
    output = tf.layers.dense(features["x"], 1, kernel_initializer=tf.zeros_initializer())
    loss = tf.losses.mean_squared_error(labels, output)
    boundaries, rates = [4, 8], [params["rate"], params["rate"] / 2, params["rate"] / 4]
    rate = tf.train.piecewise_constant(tf.train.get_global_step(), boundaries, rates)
    train_op = tf.train.GradientDescentOptimizer(rate).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


est = tf.estimator.Estimator(model_fn, params={"rate": 0.1})
est.train(input_fn)
print("eval", est.evaluate(input_fn, steps=2))
