"""The output layer is chosen by a hyperparameter in an if/else that binds the logits: only
the optimizer and its rate are read as such a choice; the loss reads the logits, and the
pipeline is reported."""
import tensorflow as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0, 2.0]]}, [1])).repeat(2).batch(1)


def model_fn(features, labels, mode, params):
    net = tf.compat.v1.layers.dense(features["x"], 4)
    if params["wide"]:
        logits = tf.compat.v1.layers.dense(net, 2)
    else:
        logits = tf.compat.v1.layers.dense(features["x"], 2)
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.compat.v1.train.AdamOptimizer(0.1).minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, params={"wide": True})
estimator.train(input_fn)
