"""build_estimator() is called twice: each call would need its own model and drivers followed."""
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


def build_estimator(seed):
    config = tf.estimator.RunConfig(tf_random_seed=seed)
    return tf.estimator.Estimator(model_fn, config=config)


first = build_estimator(1)
first.train(input_fn, steps=5)
second = build_estimator(2)
second.train(input_fn, steps=5)
print(first.evaluate(input_fn, steps=2)["loss"], second.evaluate(input_fn, steps=2)["loss"])
