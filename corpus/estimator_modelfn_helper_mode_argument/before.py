"""The model_fn calls a helper of its own that builds tf.layers, given the mode test as its
training flag: the helper is written out in the Keras model, which passes its own flag."""
import tensorflow.compat.v1 as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[0.1, 0.2], [0.3, 0.4]], [0, 1])).repeat(2).batch(2)


def dense_block(inputs, units, training):
    hidden = tf.layers.dense(inputs, units, use_bias=False)
    hidden = tf.layers.batch_normalization(hidden, training=training)
    return tf.nn.relu(hidden)


def model_fn(features, labels, mode):
    net = dense_block(features, 8, mode == tf.estimator.ModeKeys.TRAIN)
    logits = tf.layers.dense(net, 2)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.train.AdamOptimizer().minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
