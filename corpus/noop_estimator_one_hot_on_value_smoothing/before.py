"""Label smoothing over one-hot labels with a custom on_value: not plain tf.one_hot(labels, depth)."""
import tensorflow.compat.v1 as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[0.1, 0.9], [0.8, 0.3]], [1, 0])).repeat(3).batch(2)


def model_fn(features, labels, mode):
    logits = tf.layers.dense(features, 2)
    targets = tf.one_hot(labels, 2, on_value=0.9, off_value=0.1)
    loss = tf.losses.softmax_cross_entropy(targets, logits, label_smoothing=0.05)
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
