"""Noise and dropout the model_fn adds only while training, under `if mode == TRAIN` (the
random draws differ from TF1's, not their distribution)."""
import numpy as np
import tensorflow.compat.v1 as tf

RNG = np.random.RandomState(51)
POINTS = RNG.randn(40, 5).astype("float32")
TARGETS = (POINTS[:, :1] * 2.0 - POINTS[:, 1:2]).astype("float32")
W_HIDDEN = (RNG.randn(5, 8) * 0.4).astype("float32")
W_OUT = (RNG.randn(8, 1) * 0.4).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": POINTS}, TARGETS)).repeat().batch(10)


def model_fn(features, labels, mode, params):
    net = features["x"]
    if mode == tf.estimator.ModeKeys.TRAIN:
        net = net + tf.random.normal(tf.shape(net), stddev=params["noise"])
    net = tf.layers.dense(net, 8, activation=tf.nn.relu, kernel_initializer=tf.constant_initializer(W_HIDDEN))
    if mode == tf.estimator.ModeKeys.TRAIN:
        net = tf.nn.dropout(net, keep_prob=params["keep"])
    output = tf.layers.dense(net, 1, kernel_initializer=tf.constant_initializer(W_OUT))
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"value": output})
    loss = tf.losses.mean_squared_error(labels, output)
    optimizer = tf.train.GradientDescentOptimizer(0.05)
    train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, params={"noise": 0.1, "keep": 0.8})
estimator.train(input_fn, steps=20)
result = estimator.evaluate(input_fn, steps=4)
print("RESULT", {key: round(float(value), 3) for key, value in sorted(result.items())})
