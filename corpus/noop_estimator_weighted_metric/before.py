"""A weighted loss and a weighted accuracy: Keras's compiled metrics get no per-example weights from the features."""
import tensorflow.compat.v1 as tf


def input_fn():
    features = {"x": [[1.0, 2.0], [3.0, 4.0]], "w": [1.0, 0.0]}
    return tf.data.Dataset.from_tensor_slices((features, [0, 1])).repeat(5).batch(2)


def model_fn(features, labels, mode):
    logits = tf.layers.dense(features["x"], 2)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits, weights=features["w"])
    if mode == tf.estimator.ModeKeys.EVAL:
        accuracy = tf.metrics.accuracy(labels, tf.argmax(logits, 1), weights=features["w"])
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"accuracy": accuracy})
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
