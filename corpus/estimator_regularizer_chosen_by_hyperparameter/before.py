"""A kernel regularizer that is used only when its hyperparameter is set, with the
regularization losses added to the loss."""
import numpy as np
import tensorflow.compat.v1 as tf

rng = np.random.RandomState(33)
USAGE = rng.normal(size=(64, 4)).astype(np.float32)
CHURNED = (USAGE[:, 0] - USAGE[:, 3] > 0.3).astype(np.int64)
HIDDEN_INIT = np.linspace(-0.5, 0.5, 20).reshape(4, 5).astype(np.float32)


def model_fn(features, labels, mode, params):
    regularizer = tf.keras.regularizers.l2(params["l2"]) if params["l2"] else None
    hidden = tf.layers.dense(features["usage"], 5, activation=tf.nn.relu, kernel_regularizer=regularizer,
                             kernel_initializer=tf.constant_initializer(HIDDEN_INIT))
    logits = tf.layers.dense(hidden, 2, kernel_regularizer=regularizer, kernel_initializer=tf.zeros_initializer())
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits) + tf.losses.get_regularization_loss()
    train_op = tf.train.GradientDescentOptimizer(0.2).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"usage": USAGE}, CHURNED)).repeat(2).batch(16)


for l2 in (0.05, 0.0):
    churn = tf.estimator.Estimator(model_fn, params={"l2": l2})
    churn.train(input_fn)
    print("l2", l2, churn.evaluate(input_fn, steps=2))
