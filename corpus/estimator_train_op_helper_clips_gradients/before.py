"""A regression model_fn whose training step is built by a helper: Adam on a decaying rate,
gradients clipped to a global norm, then applied."""
import numpy as np
import tensorflow.compat.v1 as tf

rng = np.random.RandomState(8)
INPUTS = rng.uniform(-1.0, 1.0, size=(48, 2)).astype(np.float32)
TARGETS = (2.0 * INPUTS[:, :1] - INPUTS[:, 1:] + 0.5).astype(np.float32)
KERNEL = np.array([[0.3, -0.2, 0.1, 0.4], [-0.1, 0.2, 0.5, -0.3]], np.float32)
CLIP_NORM = 1.0


def input_fn():
    return tf.data.Dataset.from_tensor_slices((INPUTS, TARGETS)).repeat(4).batch(12)


def build_train_op(loss, params):
    global_step = tf.train.get_global_step()
    rate = tf.train.exponential_decay(params["learning_rate"], global_step, 4, 0.9, staircase=True)
    optimizer = tf.train.AdamOptimizer(rate)
    gradients, variables = zip(*optimizer.compute_gradients(loss))
    clipped, _ = tf.clip_by_global_norm(gradients, CLIP_NORM)
    return optimizer.apply_gradients(zip(clipped, variables), global_step=global_step)


def model_fn(features, labels, mode, params):
    hidden = tf.layers.dense(features, 4, activation=tf.nn.tanh, kernel_initializer=tf.constant_initializer(KERNEL))
    output = tf.layers.dense(hidden, 1, kernel_initializer=tf.ones_initializer())
    loss = tf.losses.mean_squared_error(labels, output)
    train_op = build_train_op(loss, params)
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


regressor = tf.estimator.Estimator(model_fn, params={"learning_rate": 0.1})
regressor.train(input_fn)
print("eval", regressor.evaluate(input_fn, steps=2))
