"""The LSTM's state is used whole (c and h concatenated), which has no one Keras name:
reported."""
import numpy as np
import tensorflow as tf

SEQUENCES = np.random.RandomState(9).rand(40, 5, 3).astype(np.float32)
LABELS = (SEQUENCES[:, -1, 0] > 0.5).astype(np.int32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((SEQUENCES, LABELS)).batch(10)


def model_fn(features, labels, mode):
    cell = tf.compat.v1.nn.rnn_cell.LSTMCell(8)
    _, state = tf.compat.v1.nn.dynamic_rnn(cell, features, dtype=tf.float32)
    logits = tf.compat.v1.layers.dense(tf.concat(state, axis=1), 2)
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


classifier = tf.estimator.Estimator(model_fn=model_fn)
classifier.train(input_fn, steps=4)
