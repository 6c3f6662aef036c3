"""A model_fn that branches on `labels is None` instead of on the mode to decide what to return."""
import numpy as np
import tensorflow.compat.v1 as tf

X = np.random.RandomState(24).rand(6, 2).astype("float32")
Y = (X[:, :1] * 4.0).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).repeat().batch(3)


def model_fn(features, labels, mode):
    output = tf.layers.dense(features, 1)
    if labels is None:
        return tf.estimator.EstimatorSpec(mode, predictions={"output": output})
    loss = tf.losses.mean_squared_error(labels, output)
    train_op = tf.train.GradientDescentOptimizer(0.05).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=3)
print(next(estimator.predict(lambda: tf.data.Dataset.from_tensor_slices(X).batch(3)))["output"])
