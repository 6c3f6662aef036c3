"""Every Estimator name taken with a star import: tfmigrate cannot tell which names are
TensorFlow's, so it rewrites nothing and says why."""
import tensorflow as tf
from tensorflow.estimator import *


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    step = tf.compat.v1.train.AdamOptimizer().minimize(loss, tf.compat.v1.train.get_global_step())
    return EstimatorSpec(mode, loss=loss, train_op=step)


estimator = Estimator(model_fn, config=RunConfig(tf_random_seed=1))
estimator.train(lambda: tf.data.Dataset.from_tensor_slices(([[1.0]], [[2.0]])).batch(1), steps=1)
