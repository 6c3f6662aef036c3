"""Sequences of different lengths classified by a GRU run with dynamic_rnn, the last
valid output (the state) feeding the logits. The cell starts from constant weights, so the
Keras GRU starts from the same ones."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(6)
LENGTHS = RNG.randint(2, 7, size=36).astype(np.int32)
SEQUENCES = (RNG.rand(36, 6, 2).astype(np.float32) * (np.arange(6)[None, :, None] < LENGTHS[:, None, None]))
LABELS = (SEQUENCES.sum(axis=(1, 2)) > 2.5).astype(np.int32)


def input_fn():
    features = {"sequence": SEQUENCES, "length": LENGTHS}
    return tf.data.Dataset.from_tensor_slices((features, LABELS)).batch(12)


def model_fn(features, labels, mode, params):
    cell = tf.compat.v1.nn.rnn_cell.GRUCell(num_units=params["units"],
                                            kernel_initializer=tf.compat.v1.constant_initializer(0.1))
    outputs, state = tf.compat.v1.nn.dynamic_rnn(cell, features["sequence"], sequence_length=features["length"],
                                                 dtype=tf.float32)
    logits = tf.compat.v1.layers.dense(state, 2, kernel_initializer=tf.compat.v1.constant_initializer(0.2))
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"class_ids": tf.argmax(logits, axis=1)})
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    accuracy = tf.compat.v1.metrics.accuracy(labels=labels, predictions=tf.argmax(logits, axis=1))
    train_op = tf.compat.v1.train.AdamOptimizer(0.05).minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops={"accuracy": accuracy})


classifier = tf.estimator.Estimator(model_fn=model_fn, params={"units": 5})
classifier.train(input_fn, steps=6)
print("eval", classifier.evaluate(input_fn))
print("classes", [int(p["class_ids"]) for p in classifier.predict(input_fn)][:8])
