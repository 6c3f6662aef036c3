"""A RunConfig that names a remote master for a tf.estimator Estimator: a cluster setting
with no automatic Keras form; reported."""
import tensorflow as tf


def model_fn(features, labels, mode):
    output = tf.layers.dense(features, 1)
    loss = tf.losses.mean_squared_error(labels, output)
    train_op = tf.train.AdamOptimizer().minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


config = tf.contrib.learn.RunConfig(master="grpc://10.0.0.2:2222", gpu_memory_fraction=0.5)
estimator = tf.estimator.Estimator(model_fn, config=config)
estimator.train(lambda: tf.data.Dataset.from_tensor_slices(([[1.0]], [[2.0]])).batch(1), steps=1)
