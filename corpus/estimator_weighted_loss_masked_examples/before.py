"""Per-example weights from the features, some of them zero (padding rows): TF1's default
reduction divides the weighted sum by the number of non-zero weights, not by the batch."""
import numpy as np
import tensorflow.compat.v1 as tf

rng = np.random.RandomState(21)
TOKENS = rng.normal(size=(60, 5)).astype(np.float32)
TAGS = (TOKENS[:, 1] - TOKENS[:, 4] > 0).astype(np.int32) + (TOKENS[:, 0] > 1.0).astype(np.int32)
MASK = (np.arange(60) % 4 != 3).astype(np.float32)  # every fourth row is padding
HIDDEN_INIT = np.sin(np.arange(40)).reshape(5, 8).astype(np.float32) * 0.4
OUTPUT_INIT = np.cos(np.arange(24)).reshape(8, 3).astype(np.float32) * 0.4


def input_fn():
    features = {"tokens": TOKENS, "mask": MASK}
    return tf.data.Dataset.from_tensor_slices((features, TAGS)).repeat(2).batch(12)


def model_fn(features, labels, mode):
    hidden = tf.layers.dense(features["tokens"], 8, activation=tf.nn.relu,
                             kernel_initializer=tf.constant_initializer(HIDDEN_INIT))
    logits = tf.layers.dense(hidden, 3, kernel_initializer=tf.constant_initializer(OUTPUT_INIT))
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits, weights=features["mask"])
    if mode == tf.estimator.ModeKeys.EVAL:
        accuracy = tf.metrics.accuracy(labels, tf.argmax(logits, axis=1))
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"accuracy": accuracy})
    train_op = tf.train.AdamOptimizer(0.05).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


tagger = tf.estimator.Estimator(model_fn)
tagger.train(input_fn)
print("eval", tagger.evaluate(input_fn))
