"""Softmax cross-entropy with label smoothing on tf.one_hot(labels)."""
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()
POINTS = np.random.RandomState(5).randn(60, 4).astype("float32")
CLASSES = np.argmax(POINTS[:, :3], axis=1).astype("int64")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, CLASSES)).repeat(2).batch(10)


def smoothed_model_fn(features, labels, mode):
    hidden = tf.layers.dense(features, 12, activation=tf.nn.relu)
    logits = tf.layers.dense(hidden, 3)
    onehot = tf.one_hot(labels, 3)
    loss = tf.losses.softmax_cross_entropy(onehot_labels=onehot, logits=logits, label_smoothing=0.1)
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    metrics = {"accuracy": tf.metrics.accuracy(labels, tf.argmax(logits, axis=1))}
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


model = tf.estimator.Estimator(smoothed_model_fn)
model.train(input_fn)
result = model.evaluate(input_fn)
print(result["accuracy"], result["global_step"])
