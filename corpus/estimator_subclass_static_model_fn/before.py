"""An Estimator subclass whose __init__ builds its params and hands a static model_fn to
tf.estimator.Estimator: to its callers it is a function that returns an Estimator."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(4)
POINTS = rng.normal(size=(48, 2)).astype(np.float32)
SIDES = (POINTS[:, 0] + 0.3 * POINTS[:, 1] > 0).astype(np.int32)
HIDDEN_INIT = np.sin(np.arange(8)).reshape(2, 4).astype(np.float32)
OUTPUT_INIT = np.cos(np.arange(8)).reshape(4, 2).astype(np.float32)


class SideClassifier(tf.estimator.Estimator):
    """Knows its own model_fn; callers give the width and the learning rate."""

    def __init__(self, units, learning_rate, config=None):
        params = {"units": units, "learning_rate": learning_rate}
        super(SideClassifier, self).__init__(model_fn=self._model_fn, params=params, config=config)

    @staticmethod
    def _model_fn(features, labels, mode, params):
        hidden = tf.compat.v1.layers.dense(features, params["units"], activation=tf.nn.relu,
                                           kernel_initializer=tf.compat.v1.constant_initializer(HIDDEN_INIT))
        logits = tf.compat.v1.layers.dense(hidden, 2, kernel_initializer=tf.compat.v1.constant_initializer(OUTPUT_INIT))
        loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
        if mode == tf.estimator.ModeKeys.EVAL:
            accuracy = tf.compat.v1.metrics.accuracy(labels, tf.argmax(logits, axis=1))
            return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"accuracy": accuracy})
        optimizer = tf.compat.v1.train.GradientDescentOptimizer(params["learning_rate"])
        train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, SIDES)).repeat(2).batch(8)


classifier = SideClassifier(units=4, learning_rate=0.2)
classifier.train(input_fn)
print("eval", classifier.evaluate(input_fn))
