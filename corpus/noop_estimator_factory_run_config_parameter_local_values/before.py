"""The RunConfig handed to the factory reads the job directory from the parsed arguments,
a name of main() that the factory cannot see: reported where the Estimator is built."""
import argparse

import tensorflow as tf


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.AdamOptimizer().minimize(loss, tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def build_estimator(run_config):
    return tf.estimator.Estimator(model_fn, config=run_config)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--job-dir", default="/tmp/job")
    args = parser.parse_args()
    run_config = tf.estimator.RunConfig(model_dir=args.job_dir)
    estimator = build_estimator(run_config)
    estimator.train(lambda: tf.data.Dataset.from_tensor_slices(([[1.0]], [[2.0]])).batch(1), steps=1)


if __name__ == "__main__":
    main()
