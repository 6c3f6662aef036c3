"""An LSTM built from tf.nn.rnn_cell and tf.nn.dynamic_rnn, which Keras 3 does not have."""
import tensorflow.compat.v1 as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[[0.1], [0.2], [0.3]]], [1])).repeat(2).batch(1)


def model_fn(features, labels, mode):
    cell = tf.nn.rnn_cell.LSTMCell(4)
    _, state = tf.nn.dynamic_rnn(cell, features, dtype=tf.float32)
    logits = tf.layers.dense(state.h, 2)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.train.AdamOptimizer().minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
