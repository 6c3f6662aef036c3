"""A metric_fn defined in the model_fn and kept as a value with its arguments, the way
TPU-ready scripts pair them: it is not called where the metrics are built. Left as it is,
reported."""
import tensorflow as tf


def model_fn(features, labels, mode):
    logits = tf.compat.v1.layers.dense(features["x"], 2)
    predicted = tf.argmax(logits, axis=-1)
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)

    def metric_fn(label_ids, predicted_ids):
        return {"accuracy": tf.compat.v1.metrics.accuracy(label_ids, predicted_ids)}

    eval_metrics = (metric_fn, [labels, predicted])
    optimizer = tf.compat.v1.train.AdamOptimizer(0.01)
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op,
                                      eval_metric_ops=eval_metrics[0](*eval_metrics[1]))


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[0.5, 1.0], [1.5, -1.0]]}, [0, 1])).repeat(4).batch(2)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
