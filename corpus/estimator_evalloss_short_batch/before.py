"""A custom model_fn evaluated on 20 examples in batches of 8: the last batch is short, and
evaluate()'s loss is the mean of the three batch losses, each batch counted once."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(3)
X = RNG.rand(20, 3).astype("float32")
Y = (X @ np.array([1.0, -2.0, 0.5], "float32") + 0.3 * RNG.rand(20).astype("float32")).astype("float32")


def input_fn(repeat):
    data = tf.data.Dataset.from_tensor_slices(({"x": X}, Y))
    return data.repeat().batch(8) if repeat else data.batch(8)


def model_fn(features, labels, mode):
    hidden = tf.compat.v1.layers.dense(features["x"], 4, activation=tf.nn.relu,
                                       kernel_initializer=tf.compat.v1.constant_initializer(0.3))
    output = tf.squeeze(tf.compat.v1.layers.dense(hidden, 1, kernel_initializer=tf.compat.v1.constant_initializer(-0.2)), 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.05).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn=model_fn)
estimator.train(input_fn=lambda: input_fn(True), steps=6)
print("eval", estimator.evaluate(input_fn=lambda: input_fn(False)))
