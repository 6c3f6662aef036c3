"""Clicks predicted from a page id (through a small embedding) and two numbers, trained with
proximal Adagrad: an L1 strength that pushes unused weights to zero, and a decaying rate."""
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()
rng = np.random.RandomState(4)
PAGES = rng.randint(0, 6, size=(120,)).astype(np.int64)
NUMBERS = rng.normal(size=(120, 2)).astype(np.float32)
CLICKS = ((PAGES % 3 == 0) ^ (NUMBERS[:, 0] > 0.5)).astype(np.int64)
TABLE_INIT = np.linspace(-0.3, 0.3, 24).reshape(8, 3).astype(np.float32)
HIDDEN_INIT = np.sin(np.arange(25)).reshape(5, 5).astype(np.float32) * 0.3
OUTPUT_INIT = np.cos(np.arange(10)).reshape(5, 2).astype(np.float32) * 0.3

page = tf.feature_column.categorical_column_with_identity("page", num_buckets=8)
COLUMNS = [
    tf.feature_column.embedding_column(page, 3, initializer=tf.constant_initializer(TABLE_INIT)),
    tf.feature_column.numeric_column("numbers", shape=(2,)),
]


def input_fn():
    features = {"page": PAGES, "numbers": NUMBERS}
    return tf.data.Dataset.from_tensor_slices((features, CLICKS)).repeat(3).batch(12)


def model_fn(features, labels, mode, params):
    inputs = tf.feature_column.input_layer(features, COLUMNS)
    hidden = tf.layers.dense(inputs, 5, activation=tf.nn.relu,
                             kernel_initializer=tf.constant_initializer(HIDDEN_INIT))
    logits = tf.layers.dense(hidden, 2, kernel_initializer=tf.constant_initializer(OUTPUT_INIT))
    predictions = {"class": tf.argmax(logits, axis=1), "probabilities": tf.nn.softmax(logits)}
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions=predictions)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    if mode == tf.estimator.ModeKeys.EVAL:
        accuracy = tf.metrics.accuracy(labels, predictions["class"])
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"accuracy": accuracy})
    rate = tf.train.exponential_decay(params["rate"], tf.train.get_global_step(), 10, 0.8)
    optimizer = tf.train.ProximalAdagradOptimizer(rate, l1_regularization_strength=params["l1"],
                                                  l2_regularization_strength=0.01)
    train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


clicks = tf.estimator.Estimator(model_fn, params={"rate": 0.3, "l1": 0.002})
clicks.train(input_fn)
print("eval", clicks.evaluate(input_fn, steps=5))
print("first", next(clicks.predict(input_fn))["probabilities"])
