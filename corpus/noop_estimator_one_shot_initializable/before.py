"""An initializable iterator needs its initializer run in a session: it is no Dataset, and is reported."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(4).rand(16, 3).astype("float32")
Y = X.sum(axis=1, keepdims=True)


def train_input_fn():
    dataset = tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).repeat().batch(4)
    return tf.compat.v1.data.make_initializable_iterator(dataset).get_next()


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features["x"], 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


regressor = tf.estimator.Estimator(model_fn)
regressor.train(train_input_fn, steps=5)
