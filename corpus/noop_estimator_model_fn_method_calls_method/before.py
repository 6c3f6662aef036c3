"""The model_fn method calls another method of its object (`self.tower(...)`), which
tfmigrate does not follow into the Keras model; it is reported."""
import tensorflow as tf


class Tower:
    def __init__(self, width):
        self.width = width

    def tower(self, inputs):
        return tf.compat.v1.layers.dense(inputs, self.width, activation=tf.nn.relu)

    def model_fn(self, features, labels, mode):
        output = tf.compat.v1.layers.dense(self.tower(features), 1)
        loss = tf.compat.v1.losses.mean_squared_error(labels, output)
        step = tf.compat.v1.train.AdamOptimizer().minimize(loss, tf.compat.v1.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=step)


tower = Tower(8)
estimator = tf.estimator.Estimator(model_fn=tower.model_fn)
estimator.train(lambda: tf.data.Dataset.from_tensor_slices(([[1.0]], [[2.0]])).batch(1), steps=1)
