"""tf.keras Dropout and BatchNormalization in a model_fn, given the mode as their training flag."""
import numpy as np
import tensorflow as tf

READINGS = np.random.RandomState(12).randn(48, 4).astype("float32")
STATES = (READINGS[:, 1] > 0).astype("int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"reading": READINGS}, STATES)).repeat(10).batch(12)


def sensor_model_fn(features, labels, mode):
    training = mode == tf.estimator.ModeKeys.TRAIN
    net = tf.keras.layers.Dense(16, activation="relu")(features["reading"])
    net = tf.keras.layers.BatchNormalization()(net, training=training)
    net = tf.keras.layers.Dropout(0.25)(net, training=training)
    logits = tf.keras.layers.Dense(2)(net)
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    update_ops = tf.compat.v1.get_collection(tf.compat.v1.GraphKeys.UPDATE_OPS)
    with tf.control_dependencies(update_ops):
        train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(loss, tf.compat.v1.train.get_global_step())
    accuracy = tf.compat.v1.metrics.accuracy(labels, tf.argmax(logits, axis=1))
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops={"accuracy": accuracy})


classifier = tf.estimator.Estimator(sensor_model_fn)
classifier.train(input_fn)
print(classifier.evaluate(input_fn))
