"""Dict labels of which the model_fn uses one entry: its loss and metrics compare with
labels["churned"] only."""
import numpy as np
import tensorflow.compat.v1 as tf

RNG = np.random.RandomState(61)
POINTS = RNG.randn(36, 4).astype("float32")
CHURNED = (POINTS[:, 0] + POINTS[:, 2] > 0).astype("int32")
SPEND = (POINTS[:, 1] * 10.0).astype("float32")
KERNEL = (RNG.randn(4, 2) * 0.5).astype("float32")


def input_fn():
    labels = {"churned": CHURNED, "spend": SPEND}
    return tf.data.Dataset.from_tensor_slices((POINTS, labels)).repeat().batch(9)


def model_fn(features, labels, mode):
    logits = tf.layers.dense(features, 2, kernel_initializer=tf.constant_initializer(KERNEL))
    loss = tf.losses.sparse_softmax_cross_entropy(labels["churned"], logits)
    metrics = {"accuracy": tf.metrics.accuracy(labels["churned"], tf.argmax(logits, 1))}
    train_op = tf.train.GradientDescentOptimizer(0.3).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=8)
result = estimator.evaluate(input_fn, steps=4)
print("RESULT", {key: round(float(value), 6) for key, value in sorted(result.items())})
