"""Gradients unpacked from compute_gradients, each clipped to a norm the params give,
then zipped back for apply_gradients."""
import numpy as np
import tensorflow.compat.v1 as tf

rng = np.random.RandomState(2)
PIXELS = rng.uniform(size=(72, 5)).astype(np.float32)
SCORES = (PIXELS.sum(axis=1, keepdims=True) * 3.0 - 4.0).astype(np.float32)
HIDDEN_INIT = np.linspace(-0.6, 0.6, 40).reshape(5, 8).astype(np.float32)
OUT_INIT = np.cos(np.arange(8)).reshape(8, 1).astype(np.float32)


def model_fn(features, labels, mode, params):
    net = tf.layers.dense(features["pixels"], 8, activation=tf.nn.relu,
                          kernel_initializer=tf.constant_initializer(HIDDEN_INIT))
    score = tf.layers.dense(net, 1, kernel_initializer=tf.constant_initializer(OUT_INIT))
    loss = tf.losses.absolute_difference(labels, score)
    optimizer = tf.train.MomentumOptimizer(params["rate"], 0.9)
    gradients, variables = zip(*optimizer.compute_gradients(loss))
    gradients = [tf.clip_by_norm(gradient, params["max_norm"]) for gradient in gradients]
    train_op = optimizer.apply_gradients(zip(gradients, variables), global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"pixels": PIXELS}, SCORES)).repeat(2).batch(12)


regressor = tf.estimator.Estimator(model_fn, params={"rate": 0.05, "max_norm": 0.25})
regressor.train(input_fn)
print("eval", regressor.evaluate(input_fn, steps=4))
