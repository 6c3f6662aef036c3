"""An Estimator subclass whose model_fn is a method that reads the object: written as a
function it would have no object to read, so the class is reported with what to change."""
import tensorflow as tf


class WideClassifier(tf.estimator.Estimator):
    def __init__(self, units, config=None):
        self.units = units
        super().__init__(model_fn=self._model_fn, config=config)

    def _model_fn(self, features, labels, mode):
        logits = tf.compat.v1.layers.dense(tf.compat.v1.layers.dense(features, self.units), 2)
        loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
        train_op = tf.compat.v1.train.AdamOptimizer().minimize(loss, global_step=tf.compat.v1.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


classifier = WideClassifier(units=4)
classifier.train(lambda: tf.data.Dataset.from_tensor_slices(([[1.0, 2.0]], [1])).batch(1))
