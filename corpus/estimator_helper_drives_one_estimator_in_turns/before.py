"""One Estimator trained and scored by a helper called several times, in a loop too: the
helper's calls are written once, and each call continues from the last one's step."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(0).rand(20, 2).astype("float32")
Y = X.sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(5)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features["x"], 1, kernel_initializer=tf.compat.v1.zeros_initializer())
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def run(est, steps):
    est.train(input_fn, steps=steps)
    print("eval", est.evaluate(input_fn))


e = tf.estimator.Estimator(model_fn)
run(e, 2)
run(e, 3)
for round_ in range(2):
    run(e, 1)
