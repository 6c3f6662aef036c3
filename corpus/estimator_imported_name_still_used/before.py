"""RunConfig is imported from tensorflow.estimator for the Estimator and also for a helper that
no pipeline uses: the pipeline is rewritten, the helper is left, and the import that TF 2.16
cannot satisfy is reported where it stands."""
import tensorflow as tf
from tensorflow.estimator import RunConfig


def default_config(model_dir):
    return RunConfig(model_dir=model_dir, save_summary_steps=10)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    step = tf.compat.v1.train.AdamOptimizer().minimize(loss, tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=step)


estimator = tf.estimator.Estimator(model_fn, config=RunConfig(tf_random_seed=1))
estimator.train(lambda: tf.data.Dataset.from_tensor_slices(([[1.0]], [[2.0]])).batch(1), steps=1)
