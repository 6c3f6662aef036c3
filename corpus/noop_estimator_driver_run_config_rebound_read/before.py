"""`config` is rebound with replace() and also read by a helper function (a closure over
it): the RunConfig is more than the Estimator's, so it is reported and left as it is."""
import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(23).rand(24, 3).astype("float32")
TARGETS = FEATURES.sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, TARGETS)).repeat().batch(6)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def main():
    config = tf.estimator.RunConfig(tf_random_seed=4)
    config = config.replace(model_dir="rebound_run")

    def where():
        return config.model_dir

    regressor = tf.estimator.Estimator(model_fn=model_fn, config=config)
    regressor.train(input_fn, steps=7)
    print("checkpoints in", where())


main()
