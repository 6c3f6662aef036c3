import tensorflow as tf


class Classifier:
    """Keeps its width on the object: the model_fn is a method that reads it."""

    def __init__(self, width):
        self.width = width

    def model_fn(self, features, labels, mode):
        logits = tf.compat.v1.layers.dense(features["x"], self.width)
        loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
        train_op = tf.compat.v1.train.AdamOptimizer().minimize(loss, tf.compat.v1.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)
