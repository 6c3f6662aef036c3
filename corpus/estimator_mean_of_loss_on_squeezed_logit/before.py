"""Click-through model with one logit per example, squeezed to (batch,), and the mean of its
loss reported beside it."""
import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(8).rand(96, 3).astype("float32")
CLICKED = (FEATURES[:, 0] + FEATURES[:, 2] > 1.0).astype("float32")


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices((FEATURES, CLICKED)).batch(16).repeat(epochs)


def click_model_fn(features, labels, mode):
    logit = tf.squeeze(tf.compat.v1.layers.dense(features, 1), axis=-1)
    loss = tf.compat.v1.losses.sigmoid_cross_entropy(labels, logit)
    metrics = {"average_loss": tf.compat.v1.metrics.mean(loss)}
    optimizer = tf.compat.v1.train.AdamOptimizer(0.05)
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


model = tf.estimator.Estimator(click_model_fn)
model.train(lambda: input_fn(4))
print(model.evaluate(lambda: input_fn(1)))
