"""The input_fn reshapes the iterator's element before returning it: not the Dataset's elements."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(3).rand(16, 3).astype("float32")
Y = X.sum(axis=1, keepdims=True)


def input_fn():
    dataset = tf.data.Dataset.from_tensor_slices((X, Y)).repeat().batch(4)
    points, targets = tf.compat.v1.data.make_one_shot_iterator(dataset).get_next()
    return {"x": points}, targets


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features["x"], 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


regressor = tf.estimator.Estimator(model_fn)
regressor.train(input_fn, steps=5)
print(regressor.evaluate(input_fn, steps=2)["loss"])
