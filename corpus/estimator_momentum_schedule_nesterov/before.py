"""A small regression network trained with momentum under a stepped learning rate, and a
second run with Nesterov momentum under an exponential decay."""
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()
rng = np.random.RandomState(9)
INPUTS = rng.normal(size=(96, 3)).astype(np.float32)
TARGETS = (np.sin(INPUTS[:, :1]) + 0.5 * INPUTS[:, 1:2] * INPUTS[:, 2:]).astype(np.float32)
HIDDEN_INIT = np.linspace(-0.4, 0.4, 30).reshape(3, 10).astype(np.float32)
OUTPUT_INIT = np.cos(np.arange(10)).reshape(10, 1).astype(np.float32) * 0.2


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": INPUTS}, TARGETS)).repeat(4).batch(8)


def model_fn(features, labels, mode, params):
    hidden = tf.layers.dense(features["x"], 10, activation=tf.nn.tanh,
                             kernel_initializer=tf.constant_initializer(HIDDEN_INIT))
    output = tf.layers.dense(hidden, 1, kernel_initializer=tf.constant_initializer(OUTPUT_INIT))
    loss = tf.losses.mean_squared_error(labels, output)
    global_step = tf.train.get_global_step()
    if params["nesterov"]:
        rate = tf.train.exponential_decay(0.05, global_step, decay_steps=10, decay_rate=0.5)
    else:
        rate = tf.train.piecewise_constant(global_step, [12, 30], [0.1, 0.02, 0.005])
    optimizer = tf.train.MomentumOptimizer(rate, momentum=0.9, use_nesterov=params["nesterov"])
    train_op = optimizer.minimize(loss, global_step=global_step)
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


for nesterov in (False, True):
    regressor = tf.estimator.Estimator(model_fn, params={"nesterov": nesterov})
    regressor.train(input_fn)
    print("nesterov" if nesterov else "momentum", regressor.evaluate(input_fn))
