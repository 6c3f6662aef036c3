"""Layer objects made inside a loop and called later: tfmigrate does not follow the list."""
import tensorflow.compat.v1 as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[1.0, 3.0], [2.0, 1.0]], [[1.0], [0.0]])).repeat(2).batch(2)


def model_fn(features, labels, mode, params):
    blocks = []
    for units in params["units"]:
        blocks.append(tf.layers.Dense(units, activation=tf.nn.relu))
    net = features
    for block in blocks:
        net = block(net)
    output = tf.layers.dense(net, 1)
    loss = tf.losses.mean_squared_error(labels, output)
    train_op = tf.train.AdamOptimizer().minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, params={"units": [4, 2]})
estimator.train(input_fn)
