"""A loss helper whose result is unpacked in the model_fn, but which returns a name bound to
a pair rather than the pair itself: which value each name gets is not read. Left as it is,
reported."""
import tensorflow.compat.v1 as tf


def losses(logits, labels):
    data_loss = tf.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    both = (data_loss + tf.losses.get_regularization_loss(), data_loss)
    return both


def model_fn(features, labels, mode):
    logits = tf.layers.dense(features["x"], 2, kernel_regularizer=tf.keras.regularizers.l2(0.01))
    total_loss, data_loss = losses(logits, labels)
    train_op = tf.train.AdamOptimizer().minimize(total_loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=total_loss, train_op=train_op)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[0.2, 0.1], [0.5, 0.9]]}, [0, 1])).repeat(3).batch(2)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
