"""The class of the model_fn method has a subclass in the file, which may give the
object another model_fn; it is reported."""
import tensorflow as tf


class Base:
    def __init__(self, width):
        self.width = width

    def model_fn(self, features, labels, mode):
        output = tf.compat.v1.layers.dense(features, self.width)
        loss = tf.compat.v1.losses.mean_squared_error(labels, output)
        step = tf.compat.v1.train.AdamOptimizer().minimize(loss, tf.compat.v1.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=step)

    def train(self, input_fn):
        estimator = tf.estimator.Estimator(model_fn=self.model_fn)
        estimator.train(input_fn, steps=1)


class Wider(Base):
    def model_fn(self, features, labels, mode):
        return Base.model_fn(self, features * 2.0, labels, mode)


Wider(1).train(lambda: tf.data.Dataset.from_tensor_slices(([[1.0]], [[2.0]])).batch(1))
