"""PREDICT reads the last hidden layer of a loop: the name is bound inside the loop only."""
import tensorflow as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[0.3, 0.7], [0.6, 0.1]], [[1.0], [0.0]])).repeat(3).batch(2)


def model_fn(features, labels, mode, params):
    net = features
    for units in params["units"]:
        hidden = tf.compat.v1.layers.dense(net, units, activation=tf.nn.relu)
        net = hidden
    logit = tf.compat.v1.layers.dense(net, 1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"logit": logit, "features": hidden})
    loss = tf.compat.v1.losses.sigmoid_cross_entropy(labels, logit)
    train_op = tf.compat.v1.train.AdamOptimizer().minimize(loss, tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, params={"units": [4, 4]})
estimator.train(input_fn)
print(list(estimator.predict(input_fn)))
