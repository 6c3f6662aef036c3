"""A loss written with TF ops on a (batch,) output: the model's compute_loss reads the output
back with the model_fn's shape, so it meets the (batch,) labels element by element."""
import numpy as np
import tensorflow.compat.v1 as tf

RNG = np.random.RandomState(71)
POINTS = RNG.randn(40, 3).astype("float32")
FLAGS = (POINTS[:, 0] - POINTS[:, 1] > 0.8).astype("float32")
KERNEL = (RNG.randn(3, 1) * 0.5).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, FLAGS)).repeat().batch(10)


def model_fn(features, labels, mode, params):
    logits = tf.layers.dense(features, 1, kernel_initializer=tf.constant_initializer(KERNEL))[:, 0]
    per_example = tf.nn.weighted_cross_entropy_with_logits(labels=labels, logits=logits,
                                                           pos_weight=params["pos_weight"])
    loss = tf.reduce_mean(per_example)
    train_op = tf.train.GradientDescentOptimizer(0.5).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, params={"pos_weight": 3.0})
estimator.train(input_fn, steps=10)
result = estimator.evaluate(input_fn, steps=4)
print("RESULT", {key: round(float(value), 6) for key, value in sorted(result.items())})
