"""An Estimator subclass of the rewritable shape whose model_fn has no Keras form (a scaffold):
the class is not written as a function first, it stays as it is, with the reports."""
import tensorflow as tf


class TinyClassifier(tf.estimator.Estimator):
    def __init__(self, units, config=None):
        super().__init__(model_fn=self._model_fn, params={"units": units}, config=config)

    @staticmethod
    def _model_fn(features, labels, mode, params):
        logits = tf.compat.v1.layers.dense(tf.compat.v1.layers.dense(features, params["units"]), 2)
        loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
        train_op = tf.compat.v1.train.AdamOptimizer().minimize(loss, global_step=tf.compat.v1.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, scaffold=tf.compat.v1.train.Scaffold())


classifier = TinyClassifier(units=4)
classifier.train(lambda: tf.data.Dataset.from_tensor_slices(([[1.0, 2.0]], [1])).batch(1))
