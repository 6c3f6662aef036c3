"""The loss is chosen by a hyperparameter in an if/else: tfmigrate reads only the optimizer
and its rate as such a choice, and reports the pipeline."""
import tensorflow as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0, 2.0]]}, [1])).repeat(2).batch(1)


def model_fn(features, labels, mode, params):
    net = tf.compat.v1.layers.dense(features["x"], 4)
    logits = tf.compat.v1.layers.dense(net, 2)
    if params["wide"]:
        loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    else:
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)) * 2.0
    train_op = tf.compat.v1.train.AdamOptimizer(0.1).minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, params={"wide": True})
estimator.train(input_fn)
