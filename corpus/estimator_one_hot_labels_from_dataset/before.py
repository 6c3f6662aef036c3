"""The dataset yields one-hot labels: softmax cross-entropy and accuracy on argmax(labels)."""
import numpy as np
import tensorflow as tf

PIXELS = np.random.RandomState(9).rand(30, 5).astype("float32")
ONE_HOT = np.eye(3, dtype="float32")[np.argmax(PIXELS[:, :3], axis=1)]


def input_fn():
    return tf.data.Dataset.from_tensor_slices((PIXELS, ONE_HOT)).repeat(4).batch(6)


def model_fn(features, labels, mode):
    logits = tf.compat.v1.layers.dense(features, 3)
    loss = tf.compat.v1.losses.softmax_cross_entropy(onehot_labels=labels, logits=logits)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.5).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    accuracy = tf.compat.v1.metrics.accuracy(labels=tf.argmax(labels, 1), predictions=tf.argmax(logits, 1))
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops={"accuracy": accuracy})


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
print(estimator.evaluate(input_fn))
