"""Estimator with the GPU options most training scripts set on its sessions."""
import tensorflow as tf


def readings():
    return tf.data.Dataset.from_tensor_slices(([[0.2, 0.4], [0.6, 0.8]] * 4, [[0.3], [0.7]] * 4)).batch(2)


def sensor_model_fn(features, labels, mode):
    estimate = tf.layers.dense(features, 1)
    loss = tf.losses.mean_squared_error(labels, estimate)
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


session_config = tf.ConfigProto(allow_soft_placement=True, intra_op_parallelism_threads=2)
session_config.gpu_options.allow_growth = True
run_config = tf.estimator.RunConfig(session_config=session_config, tf_random_seed=3)
estimator = tf.estimator.Estimator(sensor_model_fn, config=run_config)
estimator.train(readings, steps=8)
print(estimator.evaluate(readings)["loss"])
