"""A weighted cross-entropy written with tf.nn, pos_weight from params, and a logging training hook."""
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()
AMOUNTS = np.random.RandomState(8).rand(40, 3).astype("float32")
FRAUD = (AMOUNTS[:, 0] > 0.8).astype("float32").reshape(-1, 1)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((AMOUNTS, FRAUD)).repeat(3).batch(8)


def model_fn(features, labels, mode, params):
    logits = tf.layers.dense(features, 1, kernel_initializer=tf.zeros_initializer())
    per_example = tf.nn.weighted_cross_entropy_with_logits(labels=labels, logits=logits, pos_weight=params["pos_weight"])
    loss = tf.reduce_mean(per_example, name="weighted_xent")
    train_op = tf.train.GradientDescentOptimizer(0.5).minimize(loss, global_step=tf.train.get_global_step())
    logging_hook = tf.train.LoggingTensorHook({"loss": loss}, every_n_iter=5)
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, training_hooks=[logging_hook])


estimator = tf.estimator.Estimator(model_fn, params={"pos_weight": 4.0})
estimator.train(input_fn)
print(estimator.evaluate(input_fn)["loss"])
