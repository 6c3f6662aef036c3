"""A text CNN: one conv1d per filter width, each pass in a variable scope of its own name, then
max-pooled over time and concatenated."""
import numpy as np
import tensorflow as tf

TOKENS = np.random.RandomState(0).randint(0, 50, size=(64, 12)).astype("int32")
LABELS = (TOKENS[:, 0] > 25).astype("int32")


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices(({"tokens": TOKENS}, LABELS)).batch(16).repeat(epochs)


def model_fn(features, labels, mode, params):
    embedded = tf.keras.layers.Embedding(50, 8)(features["tokens"])
    pooled = []
    for width in params["widths"]:
        with tf.compat.v1.variable_scope("conv_%d" % width):
            conv = tf.compat.v1.layers.conv1d(embedded, 4, width, activation=tf.nn.relu)
            pooled.append(tf.reduce_max(conv, axis=1))
    logits = tf.compat.v1.layers.dense(tf.concat(pooled, axis=1), 2)
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    step = tf.compat.v1.train.AdamOptimizer(0.01).minimize(loss, tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=step)


est = tf.estimator.Estimator(model_fn, params={"widths": [2, 3]})
est.train(lambda: input_fn(3))
print(est.evaluate(lambda: input_fn(1)))
