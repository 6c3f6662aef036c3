"""One tf.layers.Dense object applied to two inputs (shared weights), and a Dropout object."""
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()
LEFT = np.random.RandomState(2).rand(40, 3).astype("float32")
RIGHT = np.random.RandomState(3).rand(40, 3).astype("float32")
SAME = (np.abs(LEFT - RIGHT).sum(axis=1) < 1.0).astype("int64")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"left": LEFT, "right": RIGHT}, SAME)).repeat(3).batch(8)


def siamese_fn(features, labels, mode, params):
    encoder = tf.layers.Dense(params["width"], activation=tf.nn.tanh)
    dropout = tf.layers.Dropout(rate=0.1)
    left = dropout(encoder(features["left"]), training=mode == tf.estimator.ModeKeys.TRAIN)
    right = encoder(features["right"])
    logits = tf.layers.dense(tf.abs(left - right), 2)
    loss = tf.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    train_op = tf.train.AdamOptimizer(0.02).minimize(loss, global_step=tf.train.get_global_step())
    metrics = {"accuracy": tf.metrics.accuracy(labels, tf.argmax(logits, 1))}
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


estimator = tf.estimator.Estimator(siamese_fn, params={"width": 6})
estimator.train(input_fn)
print(estimator.evaluate(input_fn))
