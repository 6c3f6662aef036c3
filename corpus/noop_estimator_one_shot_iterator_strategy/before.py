"""An iterator's element under train_distribute: the Estimator needed a Dataset there."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(1).rand(16, 3).astype("float32")
Y = X.sum(axis=1, keepdims=True)


def input_fn():
    dataset = tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).repeat().batch(4)
    return tf.compat.v1.data.make_one_shot_iterator(dataset).get_next()


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features["x"], 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


strategy = tf.distribute.MirroredStrategy()
regressor = tf.estimator.Estimator(model_fn, config=tf.estimator.RunConfig(train_distribute=strategy))
regressor.train(input_fn, steps=5)
