"""A kernel_regularizer whose penalty the loss never adds (no get_regularization_loss): TF1 trained without it."""
import numpy as np
import tensorflow.compat.v1 as tf

X = np.random.RandomState(20).rand(8, 3).astype("float32")
Y = X @ np.array([[0.5], [1.5], [-1.0]], dtype="float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).repeat().batch(4)


def model_fn(features, labels, mode):
    hidden = tf.layers.dense(features, 6, activation=tf.nn.relu, kernel_regularizer=tf.keras.regularizers.l2(0.1))
    output = tf.layers.dense(hidden, 1)
    loss = tf.losses.mean_squared_error(labels, output)
    train_op = tf.train.GradientDescentOptimizer(0.05).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=4)
print(estimator.evaluate(input_fn, steps=1)["loss"])
