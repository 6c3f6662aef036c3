"""The input_fn is also called outside the Estimator: returning its Dataset would change that call."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(2).rand(16, 3).astype("float32")
Y = X.sum(axis=1, keepdims=True)


def input_fn():
    dataset = tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).repeat().batch(4)
    iterator = tf.compat.v1.data.make_one_shot_iterator(dataset)
    return iterator.get_next()


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features["x"], 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


features, labels = input_fn()
print("first batch:", features["x"].shape, labels.shape)
regressor = tf.estimator.Estimator(model_fn)
regressor.train(input_fn, steps=5)
