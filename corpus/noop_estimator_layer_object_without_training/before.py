"""A Dropout object called without training=: TF1 ran it as the identity, Keras would drop out."""
import tensorflow.compat.v1 as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[0.2, 0.8], [0.9, 0.4]], [0, 1])).repeat(3).batch(2)


def model_fn(features, labels, mode):
    dropout = tf.layers.Dropout(0.5)
    logits = tf.layers.dense(dropout(features), 2)
    loss = tf.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    train_op = tf.train.AdamOptimizer().minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
