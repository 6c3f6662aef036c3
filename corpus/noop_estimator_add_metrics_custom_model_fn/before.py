"""add_metrics on an Estimator with its own model_fn: the metrics belong in its
eval_metric_ops, where tfmigrate maps them."""
import tensorflow as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[0.0], [1.0], [2.0], [3.0]]}, [[0.0], [2.0], [4.0], [6.0]])).batch(2)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features["x"], 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.05).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, predictions={"output": output})


def error_metrics(labels, predictions):
    return {"mae": tf.compat.v1.metrics.mean_absolute_error(labels, predictions["output"])}


estimator = tf.estimator.Estimator(model_fn)
estimator = tf.estimator.add_metrics(estimator, error_metrics)
estimator.train(input_fn)
print(estimator.evaluate(input_fn))
