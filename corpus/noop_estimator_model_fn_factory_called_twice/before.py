"""One factory gives two Estimators model_fns of different widths: rewriting the factory
for one of them would change what the other one gets."""
import tensorflow as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[1.0, 2.0]] * 4, [[1.0]] * 4)).batch(2)


def make_model_fn(units):
    def model_fn(features, labels, mode):
        output = tf.compat.v1.layers.dense(tf.compat.v1.layers.dense(features, units), 1)
        loss = tf.compat.v1.losses.mean_squared_error(labels, output)
        train_op = tf.compat.v1.train.AdamOptimizer().minimize(loss, tf.compat.v1.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)

    return model_fn


small = tf.estimator.Estimator(make_model_fn(4))
large = tf.estimator.Estimator(make_model_fn(64))
small.train(input_fn, steps=2)
large.train(input_fn, steps=2)
