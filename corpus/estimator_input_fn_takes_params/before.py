"""An input_fn defined here that takes `params` and reads its batch size from them."""
import numpy as np
import tensorflow.compat.v1 as tf

X = np.random.RandomState(26).rand(12, 4).astype("float32")
Y = (X.sum(axis=1) > 2.0).astype("int32")


def input_fn(params):
    dataset = tf.data.Dataset.from_tensor_slices((X, Y))
    return dataset.shuffle(12, seed=1).repeat().batch(params["batch_size"])


def model_fn(features, labels, mode, params):
    hidden = tf.layers.dense(features, params["hidden"], activation=tf.nn.elu)
    logits = tf.layers.dense(hidden, 2)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"label": tf.argmax(logits, axis=1)})
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.train.AdamOptimizer(0.02).minimize(loss, global_step=tf.train.get_global_step())
    metrics = {"accuracy": tf.metrics.accuracy(labels, tf.argmax(logits, axis=1))}
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


estimator = tf.estimator.Estimator(model_fn, params={"batch_size": 4, "hidden": 5})
estimator.train(input_fn, steps=6)
print("accuracy", estimator.evaluate(input_fn, steps=3)["accuracy"])
