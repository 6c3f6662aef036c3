"""A train_op grouping two optimizers over two variable scopes (a custom update Keras compile has no form for)."""
import numpy as np
import tensorflow.compat.v1 as tf

X = np.random.RandomState(12).rand(6, 2).astype("float32")
Y = (X[:, :1] * 3.0 - X[:, 1:]).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).repeat().batch(3)


def model_fn(features, labels, mode):
    with tf.variable_scope("body"):
        hidden = tf.layers.dense(features, 4, activation=tf.nn.relu)
    with tf.variable_scope("head"):
        output = tf.layers.dense(hidden, 1)
    loss = tf.losses.mean_squared_error(labels, output)
    body_vars = tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES, scope="body")
    head_vars = tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES, scope="head")
    body_step = tf.train.GradientDescentOptimizer(0.01).minimize(loss, var_list=body_vars)
    head_step = tf.train.AdamOptimizer(0.01).minimize(loss, var_list=head_vars, global_step=tf.train.get_global_step())
    train_op = tf.group(body_step, head_step)
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=3)
