"""A small CNN with params as a dict literal and a TRAIN branch before the EVAL return."""
import numpy as np
import tensorflow.compat.v1 as tf

IMAGES = np.random.RandomState(0).rand(8, 6, 6, 1).astype("float32")
LABELS = np.array([0, 1, 2, 0, 1, 2, 0, 1], dtype="int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((IMAGES, LABELS)).batch(4)


def model_fn(features, labels, mode, params):
    net = tf.layers.conv2d(features, params["filters"], 3, padding="same", activation=tf.nn.relu)
    net = tf.layers.max_pooling2d(net, pool_size=2, strides=2)
    net = tf.layers.flatten(net)
    logits = tf.layers.dense(net, params["classes"])
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"classes": tf.argmax(logits, axis=1)})
    loss = tf.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    if mode == tf.estimator.ModeKeys.TRAIN:
        optimizer = tf.train.AdamOptimizer(params["learning_rate"])
        train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)
    accuracy = tf.metrics.accuracy(labels=labels, predictions=tf.argmax(logits, axis=1))
    return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"accuracy": accuracy})


estimator = tf.estimator.Estimator(model_fn, params={"filters": 4, "classes": 3, "learning_rate": 0.01})
estimator.train(input_fn, steps=4)
print("accuracy", estimator.evaluate(input_fn)["accuracy"])
