"""An Estimator subclass that other code checks with isinstance: written as a function, the
check would fail, so the class stays and is reported."""
import tensorflow as tf


class TinyClassifier(tf.estimator.Estimator):
    def __init__(self, units, config=None):
        super().__init__(model_fn=self._model_fn, params={"units": units}, config=config)

    @staticmethod
    def _model_fn(features, labels, mode, params):
        logits = tf.compat.v1.layers.dense(tf.compat.v1.layers.dense(features, params["units"]), 2)
        loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
        train_op = tf.compat.v1.train.AdamOptimizer().minimize(loss, global_step=tf.compat.v1.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def fit(estimator):
    if isinstance(estimator, TinyClassifier):
        estimator.train(lambda: tf.data.Dataset.from_tensor_slices(([[1.0, 2.0]], [1])).batch(1))


fit(TinyClassifier(units=4))
