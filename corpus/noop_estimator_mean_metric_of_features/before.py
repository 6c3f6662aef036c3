"""An evaluation metric that averages an input feature, which a Keras metric never sees."""
import tensorflow as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"age": [[30.0], [45.0]]}, [[1.0], [0.0]])).repeat(2).batch(2)


def model_fn(features, labels, mode):
    logit = tf.compat.v1.layers.dense(features["age"] / 100.0, 1)
    loss = tf.compat.v1.losses.sigmoid_cross_entropy(labels, logit)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(loss, tf.compat.v1.train.get_global_step())
    metrics = {"mean_age": tf.compat.v1.metrics.mean(features["age"])}
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
print(estimator.evaluate(input_fn)["mean_age"])
