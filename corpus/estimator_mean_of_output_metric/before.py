"""A metric that averages a value computed from the logits: the mean top-class probability."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(2).rand(40, 3).astype("float32")
Y = (X.sum(axis=1) > 1.5).astype("int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).repeat(3).batch(5)


def model_fn(features, labels, mode, params):
    net = tf.compat.v1.layers.dense(features["x"], 8, activation=tf.nn.tanh)
    logits = tf.compat.v1.layers.dense(net, 2)
    probabilities = tf.nn.softmax(logits)
    predicted = tf.argmax(logits, 1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"class_ids": predicted, "probabilities": probabilities})
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    metrics = {
        "accuracy": tf.compat.v1.metrics.accuracy(labels=labels, predictions=predicted),
        "confidence": tf.compat.v1.metrics.mean(tf.reduce_max(probabilities, axis=1)),
    }
    if mode == tf.estimator.ModeKeys.EVAL:
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops=metrics)
    optimizer = tf.compat.v1.train.AdagradOptimizer(params["learning_rate"])
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, params={"learning_rate": 0.1})
estimator.train(input_fn)
scores = estimator.evaluate(input_fn)
print("confidence", scores["confidence"], "accuracy", scores["accuracy"])
