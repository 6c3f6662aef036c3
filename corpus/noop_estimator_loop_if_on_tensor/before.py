"""A residual block added only where the tensor's width allows it: the test reads a tensor's
shape inside a loop over hyperparameters, whose layers one Keras model makes in __init__,
where no tensor exists; the pipeline is reported."""
import tensorflow as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[1.0, 2.0, 3.0]] * 8, [[1.0]] * 8)).batch(4)


def model_fn(features, labels, mode, params):
    net = features
    for units in params["widths"]:
        if net.shape[-1] == units:
            net = net + tf.compat.v1.layers.dense(net, units, activation=tf.nn.relu)
        else:
            net = tf.compat.v1.layers.dense(net, units, activation=tf.nn.relu)
    output = tf.compat.v1.layers.dense(net, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.AdamOptimizer().minimize(loss, tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, params={"widths": [3, 3, 4]})
estimator.train(input_fn, steps=4)
