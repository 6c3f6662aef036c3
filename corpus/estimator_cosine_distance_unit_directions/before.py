"""Direction regression: the model predicts a unit vector and is trained on TF1's cosine
distance to the target direction."""
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()
rng = np.random.RandomState(2)
SIGNALS = rng.normal(size=(48, 4)).astype(np.float32)
ANGLES = SIGNALS[:, 0] - 0.5 * SIGNALS[:, 1]
DIRECTIONS = np.stack([np.cos(ANGLES), np.sin(ANGLES)], axis=1).astype(np.float32)
KERNEL = np.linspace(-0.3, 0.3, 8).reshape(4, 2).astype(np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"signal": SIGNALS}, DIRECTIONS)).repeat(2).batch(8)


def model_fn(features, labels, mode):
    raw = tf.layers.dense(features["signal"], 2, kernel_initializer=tf.constant_initializer(KERNEL))
    direction = tf.nn.l2_normalize(raw, axis=1)
    loss = tf.losses.cosine_distance(labels, direction, axis=1)
    train_op = tf.train.GradientDescentOptimizer(0.5).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
print("eval", estimator.evaluate(input_fn))
