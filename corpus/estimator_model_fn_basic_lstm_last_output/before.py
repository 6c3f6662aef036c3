"""A BasicLSTMCell unrolled over whole sequences, its last output classifying them (the
common text-classification model_fn); Keras draws the initial weights its own way, which
the rewrite's notes say."""
import numpy as np
import tensorflow as tf

SEQUENCES = np.random.RandomState(9).rand(40, 5, 3).astype(np.float32)
LABELS = (SEQUENCES[:, -1, 0] > 0.5).astype(np.int32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((SEQUENCES, LABELS)).batch(10)


def rnn_model_fn(features, labels, mode):
    cell = tf.compat.v1.nn.rnn_cell.BasicLSTMCell(8)
    outputs, _ = tf.compat.v1.nn.dynamic_rnn(cell, features, dtype=tf.float32)
    logits = tf.compat.v1.layers.dense(outputs[:, -1, :], 2)
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    optimizer = tf.compat.v1.train.AdamOptimizer(0.01)
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


classifier = tf.estimator.Estimator(model_fn=rnn_model_fn)
classifier.train(input_fn, steps=4)
print("eval", classifier.evaluate(input_fn))
