"""Fine-tuning that starts from another run's checkpoint through warm_start_from."""
import tensorflow as tf


def pairs():
    return tf.data.Dataset.from_tensor_slices(([[0.1, 0.9], [0.8, 0.2]], [1, 0])).repeat(4).batch(2)


def tagger_fn(features, labels, mode):
    logits = tf.layers.dense(features, 2)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.train.AdamOptimizer(1e-3).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


tagger = tf.estimator.Estimator(tagger_fn, warm_start_from="/tmp/pretrained_tagger")
tagger.train(pairs)
