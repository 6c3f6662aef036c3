"""A Scaffold with its own Saver (how many checkpoints to keep): Keras has no scaffold, so the
pipeline is reported."""
import tensorflow as tf


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    step = tf.compat.v1.train.AdamOptimizer().minimize(loss, tf.compat.v1.train.get_global_step())
    scaffold = tf.compat.v1.train.Scaffold(saver=tf.compat.v1.train.Saver(max_to_keep=2))
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=step, scaffold=scaffold)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(lambda: tf.data.Dataset.from_tensor_slices(([[1.0]], [[2.0]])).batch(1), steps=1)
