"""A RunConfig built in steps: `config = RunConfig(...)`, then `config = config.replace(...)`
twice; the last value is the Estimator's."""
import tempfile

import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(22).rand(24, 3).astype("float32")
TARGETS = FEATURES @ np.array([[0.5], [1.5], [-1.0]], dtype="float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, TARGETS)).repeat().batch(6)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features, 1, kernel_initializer=tf.compat.v1.zeros_initializer())
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def main(model_dir):
    config = tf.estimator.RunConfig(tf_random_seed=4, save_summary_steps=10)
    config = config.replace(model_dir=model_dir)
    # keep the last two checkpoints only
    config = config.replace(keep_checkpoint_max=2)
    regressor = tf.estimator.Estimator(model_fn=model_fn, config=config)
    regressor.train(input_fn, steps=7)
    print("eval", regressor.evaluate(input_fn, steps=4))


main(tempfile.mkdtemp())
