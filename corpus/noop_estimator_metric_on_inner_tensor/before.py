"""An evaluation metric computed on a hidden activation, not on the model output."""
import tensorflow as tf


def batches():
    return tf.data.Dataset.from_tensor_slices(([[1.0, 0.0], [0.0, 1.0]], [[1.0], [0.0]])).repeat(3).batch(2)


def scorer_fn(features, labels, mode):
    hidden = tf.layers.dense(features, 4, activation=tf.nn.sigmoid)
    score = tf.layers.dense(hidden, 1)
    loss = tf.losses.mean_squared_error(labels=labels, predictions=score)
    metrics = {"hidden_mean": tf.metrics.mean(hidden)}
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


scorer = tf.estimator.Estimator(scorer_fn)
scorer.train(batches)
print(scorer.evaluate(batches))
