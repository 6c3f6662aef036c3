"""A RunConfig helper written inside main() reads main's own output folder: each model's
checkpoints persist there, and a rerun resumes them."""
import argparse
import os

import numpy as np
import tensorflow as tf

X = np.arange(24, dtype="float32").reshape(12, 2) / 24.0
Y = X.sum(axis=1, keepdims=True)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features["x"], 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    optimizer = tf.compat.v1.train.AdamOptimizer(0.01)
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(4)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--output", default="/tmp/sum_models")
    args = parser.parse_args()
    output = args.output

    def config(name):
        return tf.estimator.RunConfig(model_dir=os.path.join(output, name), save_checkpoints_steps=3)

    first = tf.estimator.Estimator(model_fn=model_fn, config=config("first"))
    first.train(input_fn=input_fn, steps=3)
    print(first.evaluate(input_fn=input_fn))


main()
