"""The RunConfig is built in main() and handed to the function that builds the Estimator,
as many training scripts do; its seed and checkpoint directory come from module flags."""
import argparse

import numpy as np
import tensorflow as tf

parser = argparse.ArgumentParser()
parser.add_argument("--model_dir", default="/tmp/ratings_model")
parser.add_argument("--seed", type=int, default=11)
FLAGS, _ = parser.parse_known_args()


def ratings_model_fn(features, labels, mode, params):
    hidden = tf.layers.dense(features["user_item"], params["width"], activation=tf.nn.relu)
    rating = tf.layers.dense(hidden, 1)
    loss = tf.losses.mean_squared_error(labels, rating)
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def ratings_input_fn():
    pairs = np.random.RandomState(5).rand(48, 6).astype(np.float32)
    ratings = pairs.sum(axis=1, keepdims=True)
    return tf.data.Dataset.from_tensor_slices(({"user_item": pairs}, ratings)).batch(12)


def build_estimator(config, width):
    return tf.estimator.Estimator(model_fn=ratings_model_fn, config=config, params={"width": width})


def main():
    config = tf.estimator.RunConfig(model_dir=FLAGS.model_dir, tf_random_seed=FLAGS.seed)
    estimator = build_estimator(config, 16)
    estimator.train(ratings_input_fn, steps=8)
    print(estimator.evaluate(ratings_input_fn))


if __name__ == "__main__":
    main()
