"""The getting-started linear model whose train op groups the update with the step
increment, trained for a number of steps on an endless input, then again on an input that
runs out before the steps asked for."""
import numpy as np
import tensorflow as tf

x_train = np.array([1.0, 2.0, 3.0, 4.0], np.float64)
y_train = np.array([0.0, -1.0, -2.0, -3.0], np.float64)
x_eval = np.array([2.0, 5.0, 8.0, 1.0], np.float64)
y_eval = np.array([-1.01, -4.1, -7.0, 0.0], np.float64)


def model_fn(features, labels, mode):
    W = tf.compat.v1.get_variable("W", [1], dtype=tf.float64, initializer=tf.compat.v1.zeros_initializer())
    b = tf.compat.v1.get_variable("b", [1], dtype=tf.float64, initializer=tf.compat.v1.zeros_initializer())
    y = W * features["x"] + b
    loss = tf.reduce_sum(tf.square(y - labels))
    global_step = tf.compat.v1.train.get_global_step()
    optimizer = tf.compat.v1.train.GradientDescentOptimizer(0.01)
    train = tf.group(optimizer.minimize(loss), tf.compat.v1.assign_add(global_step, 1))
    return tf.estimator.EstimatorSpec(mode=mode, predictions=y, loss=loss, train_op=train)


estimator = tf.estimator.Estimator(model_fn=model_fn)
endless = tf.compat.v1.estimator.inputs.numpy_input_fn({"x": x_train}, y_train, batch_size=4, num_epochs=None,
                                                       shuffle=False)
estimator.train(input_fn=endless, steps=25)
print("after 25", estimator.evaluate(input_fn=endless, steps=3))
short = tf.compat.v1.estimator.inputs.numpy_input_fn({"x": x_eval}, y_eval, batch_size=2, num_epochs=5,
                                                     shuffle=False)
estimator.train(input_fn=short, steps=100)
print("after short", estimator.evaluate(input_fn=endless, steps=3))
