"""PREDICT reads a tensor that only one setting of params creates."""
import tensorflow as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[1.0, 2.0], [2.0, 1.0]], [[0.5], [1.5]])).repeat(3).batch(2)


def model_fn(features, labels, mode, params):
    net = features
    if params["bottleneck"]:
        code = tf.compat.v1.layers.dense(net, 1)
        net = code
    output = tf.compat.v1.layers.dense(net, 1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"output": output, "code": code})
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(loss, tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, params={"bottleneck": True})
estimator.train(input_fn)
print(list(estimator.predict(input_fn)))
