"""The model_fn prints its RunConfig's model_dir: a print is the program's output, and the
Keras model has no RunConfig to print, so the pipeline stays."""
import numpy as np
import tensorflow as tf

FEATURES = np.linspace(0.0, 1.0, 16, dtype=np.float32).reshape(8, 2)
TARGETS = FEATURES.sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": FEATURES}, TARGETS)).batch(4)


def model_fn(features, labels, mode, config):
    print("model in", config.model_dir)
    output = tf.compat.v1.layers.dense(features["x"], 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
