"""RunConfig().replace(...) with a session_config: the ConfigProto's thread counts become
tf.config calls, the seed and model_dir are read from the replace() as from RunConfig()."""
import tempfile

import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(9).rand(30, 3).astype("float32")
TARGETS = FEATURES @ np.array([[1.0], [-2.0], [0.5]], dtype="float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, TARGETS)).batch(10)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features, 1, kernel_initializer=tf.compat.v1.zeros_initializer())
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.2).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def main():
    session = tf.compat.v1.ConfigProto(intra_op_parallelism_threads=1, inter_op_parallelism_threads=1)
    config = tf.estimator.RunConfig().replace(
        session_config=session, tf_random_seed=11, model_dir=tempfile.mkdtemp())
    estimator = tf.estimator.Estimator(model_fn=model_fn, config=config)
    estimator.train(input_fn, steps=6)
    print("eval", estimator.evaluate(input_fn))


if __name__ == "__main__":
    main()
