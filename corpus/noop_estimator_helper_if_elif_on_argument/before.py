"""A layer helper that picks its activation by an if/elif chain on a string argument: the
chain is not read as a choice made at the call. Left as it is, reported."""
import tensorflow.compat.v1 as tf


def dense_block(inputs, units, kind=None):
    outputs = tf.layers.dense(inputs, units)
    if kind == "relu":
        outputs = tf.nn.relu(outputs)
    elif kind == "tanh":
        outputs = tf.nn.tanh(outputs)
    return outputs


def model_fn(features, labels, mode):
    hidden = dense_block(features["x"], 4, kind="relu")
    output = dense_block(hidden, 1)
    loss = tf.losses.mean_squared_error(labels, output)
    train_op = tf.train.AdamOptimizer().minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0, 0.5]]}, [[2.0]])).repeat(5).batch(1)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
