"""train() with no steps and a StopAtStepHook(num_steps=5): five steps, then get_variable_value("global_step")."""
import numpy as np
import tensorflow.compat.v1 as tf

X = np.random.RandomState(21).rand(6, 2).astype("float32")
Y = X.prod(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).repeat().batch(3)


def model_fn(features, labels, mode):
    output = tf.layers.dense(features, 1)
    loss = tf.losses.mean_squared_error(labels, output)
    train_op = tf.train.AdagradOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, hooks=[tf.train.StopAtStepHook(num_steps=5)])
print(estimator.get_variable_value("global_step"))
