"""The model_fn is a method that reads the builder's `self.hidden`, which the program
changes between two trainings: TF1 read it again for each graph, a Keras model built once
would not; it is reported."""
import tensorflow as tf


class Builder:
    def __init__(self, hidden):
        self.hidden = hidden

    def model_fn(self, features, labels, mode):
        net = features
        for units in self.hidden:
            net = tf.compat.v1.layers.dense(net, units, activation=tf.nn.relu)
        output = tf.compat.v1.layers.dense(net, 1)
        loss = tf.compat.v1.losses.mean_squared_error(labels, output)
        step = tf.compat.v1.train.AdamOptimizer().minimize(loss, tf.compat.v1.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=step)


builder = Builder([8, 4])
estimator = tf.estimator.Estimator(model_fn=builder.model_fn)
estimator.train(lambda: tf.data.Dataset.from_tensor_slices(([[1.0]], [[2.0]])).batch(1), steps=1)
builder.hidden = [16, 8]
estimator.train(lambda: tf.data.Dataset.from_tensor_slices(([[1.0]], [[2.0]])).batch(1), steps=1)
