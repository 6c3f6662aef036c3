"""A loss helper that returns the total loss and its data term, unpacked in the model_fn:
the total trains the model, the data term is reported as a metric."""
import numpy as np
import tensorflow.compat.v1 as tf

rng = np.random.RandomState(30)
POINTS = rng.normal(size=(80, 3)).astype(np.float32)
SIDES = (POINTS @ np.array([1.0, -2.0, 0.5], np.float32) > 0).astype(np.int64)
KERNEL_INIT = np.linspace(-0.6, 0.6, 18).reshape(3, 6).astype(np.float32)
LOGIT_INIT = np.cos(np.arange(12)).reshape(6, 2).astype(np.float32) * 0.5


def losses(logits, labels):
    data_loss = tf.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    return data_loss + tf.losses.get_regularization_loss(), data_loss


def model_fn(features, labels, mode, params):
    hidden = tf.layers.dense(features["points"], 6, activation=tf.nn.tanh,
                             kernel_initializer=tf.constant_initializer(KERNEL_INIT),
                             kernel_regularizer=tf.keras.regularizers.l2(0.01))
    logits = tf.layers.dense(hidden, 2, kernel_initializer=tf.constant_initializer(LOGIT_INIT))
    total_loss, data_loss = losses(logits, labels)
    if mode == tf.estimator.ModeKeys.EVAL:
        metrics = {"accuracy": tf.metrics.accuracy(labels, tf.argmax(logits, 1)),
                   "data_loss": tf.metrics.mean(data_loss)}
        return tf.estimator.EstimatorSpec(mode, loss=total_loss, eval_metric_ops=metrics)
    optimizer = tf.train.GradientDescentOptimizer(params["rate"])
    train_op = optimizer.minimize(total_loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=total_loss, train_op=train_op)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"points": POINTS}, SIDES)).repeat(3).batch(10)


sides = tf.estimator.Estimator(model_fn, params={"rate": 0.3})
sides.train(input_fn)
print("eval", sides.evaluate(input_fn, steps=4))
