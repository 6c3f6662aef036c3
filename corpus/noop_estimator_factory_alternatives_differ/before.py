"""The factory returns an Estimator under a strategy or one without: the drivers have no one Keras form."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(8).rand(16, 3).astype("float32")
Y = X.sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).repeat().batch(4)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features["x"], 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def build_estimator(distributed):
    if distributed:
        strategy = tf.distribute.MirroredStrategy()
        return tf.estimator.Estimator(model_fn, config=tf.estimator.RunConfig(train_distribute=strategy))
    return tf.estimator.Estimator(model_fn)


regressor = build_estimator(distributed=True)
regressor.train(input_fn, steps=5)
print(regressor.evaluate(input_fn, steps=2)["loss"])
