"""FtrlOptimizer with l1/l2 strength inside a custom model_fn."""
import numpy as np
import tensorflow.compat.v1 as tf

CLICKS = np.random.RandomState(11).rand(10, 4).astype("float32")
LABELS = (CLICKS.sum(axis=1, keepdims=True) > 2.0).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((CLICKS, LABELS)).repeat().batch(5)


def model_fn(features, labels, mode):
    logits = tf.layers.dense(features, 1, kernel_initializer=tf.zeros_initializer())
    loss = tf.losses.sigmoid_cross_entropy(labels, logits)
    optimizer = tf.train.FtrlOptimizer(0.1, l1_regularization_strength=0.01, l2_regularization_strength=0.01)
    train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn=model_fn)
estimator.train(input_fn=input_fn, steps=4)
print(estimator.evaluate(input_fn=input_fn, steps=2)["loss"])
