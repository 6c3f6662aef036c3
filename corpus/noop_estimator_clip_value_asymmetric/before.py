"""A clip to [-0.5, 1]: Keras clips only to a symmetric range, so the pipeline is left
as it is."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(11)
READINGS = rng.normal(size=(80, 4)).astype(np.float32)
LEVELS = (4.0 * READINGS[:, :1] + 2.0 * READINGS[:, 1:2] * READINGS[:, 3:]).astype(np.float32)
FIRST = np.cos(np.arange(24)).reshape(4, 6).astype(np.float32)
SECOND = np.linspace(-1.0, 1.0, 6).reshape(6, 1).astype(np.float32)


def level_model(features, labels, mode, params):
    hidden = tf.compat.v1.layers.dense(features["readings"], 6, activation=tf.nn.tanh,
                                       kernel_initializer=tf.compat.v1.constant_initializer(FIRST))
    level = tf.compat.v1.layers.dense(hidden, 1, kernel_initializer=tf.compat.v1.constant_initializer(SECOND))
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"level": level})
    loss = tf.compat.v1.losses.mean_squared_error(labels, level)
    optimizer = tf.compat.v1.train.GradientDescentOptimizer(params["learning_rate"])
    gvs = optimizer.compute_gradients(loss)
    capped_gvs = [(tf.clip_by_value(grad, -0.5, 1.), var) for grad, var in gvs if grad is not None]
    train_op = optimizer.apply_gradients(capped_gvs, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def train_input():
    return tf.data.Dataset.from_tensor_slices(({"readings": READINGS}, LEVELS)).repeat(3).batch(16)


estimator = tf.estimator.Estimator(level_model, params={"learning_rate": 0.1})
estimator.train(train_input)
print("eval", estimator.evaluate(train_input, steps=5))
