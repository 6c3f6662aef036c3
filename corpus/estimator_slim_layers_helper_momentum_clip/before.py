"""A slim model_fn (`slim = tf.contrib.slim`): a helper makes the convolution and an average
pool of stride 1 under `variable_scope(scope, default_name, values)`, dropout keeps a share
from params while training, the hidden layer has no bias, and optimize_loss takes the
optimizer named "Momentum" (momentum 0.9 there) with the gradients clipped to a global norm.
Fixed initial weights; the dropout keeps everything."""
import numpy as np
import tensorflow as tf

slim = tf.contrib.slim

RNG = np.random.RandomState(5)
IMAGES = RNG.rand(40, 6, 6, 1).astype(np.float32)
LABELS = (IMAGES[:, :, :3].sum(axis=(1, 2, 3)) > IMAGES[:, :, 3:].sum(axis=(1, 2, 3))).astype(np.int64)
FILTERS = RNG.normal(0.0, 0.4, (3, 3, 1, 3)).astype(np.float32)
HIDDEN = RNG.normal(0.0, 0.2, (108, 6)).astype(np.float32)
OUTPUT = RNG.normal(0.0, 0.4, (6, 2)).astype(np.float32)


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"pixels": IMAGES}, LABELS)).repeat().batch(10)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"pixels": IMAGES}, LABELS)).batch(10)


def convolutions(images, scope="convolutions"):
    with tf.compat.v1.variable_scope(scope, "convolutions", [images]):
        net = slim.conv2d(images, 3, [3, 3], scope="conv1",
                          weights_initializer=tf.compat.v1.constant_initializer(FILTERS))
        net = slim.avg_pool2d(net, [2, 2], stride=1, padding="SAME")
    return net


def model_fn(features, labels, mode, params):
    training = mode == tf.estimator.ModeKeys.TRAIN
    net = convolutions(features["pixels"])
    net = slim.flatten(net)
    net = slim.fully_connected(net, 6, biases_initializer=None, scope="hidden",
                               weights_initializer=tf.compat.v1.constant_initializer(HIDDEN))
    net = slim.dropout(net, keep_prob=params["keep_prob"], is_training=training)
    logits = slim.fully_connected(net, 2, activation_fn=None, scope="logits",
                                  weights_initializer=tf.compat.v1.constant_initializer(OUTPUT))
    classes = tf.argmax(logits, axis=1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"classes": classes, "logits": logits})
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    train_op = tf.contrib.layers.optimize_loss(loss=loss, global_step=tf.compat.v1.train.get_global_step(),
                                               learning_rate=0.1, optimizer="Momentum", clip_gradients=0.5)
    metrics = {"accuracy": tf.compat.v1.metrics.accuracy(labels=labels, predictions=classes)}
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


estimator = tf.estimator.Estimator(model_fn, params={"keep_prob": 1.0})
estimator.train(train_input_fn, steps=12)
print("eval", estimator.evaluate(eval_input_fn))
print("classes", [int(p["classes"]) for p in estimator.predict(eval_input_fn)][:10])
