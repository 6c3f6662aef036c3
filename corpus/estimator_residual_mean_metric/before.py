"""Two branches joined with +, metrics.mean of the per-example loss, and evaluate()["global_step"]."""
import numpy as np
import tensorflow.compat.v1 as tf

INPUTS = np.random.RandomState(8).randn(9, 5).astype("float32")
TARGETS = np.argmax(INPUTS[:, :3], axis=1).astype("int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((INPUTS, TARGETS)).repeat().batch(3)


def model_fn(features, labels, mode):
    hidden = tf.layers.dense(features, 6, activation=tf.nn.relu)
    skip = tf.layers.dense(hidden, 6)
    logits = tf.layers.dense(hidden + skip, 3)
    per_example = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    loss = tf.reduce_mean(per_example)
    optimizer = tf.train.MomentumOptimizer(learning_rate=0.05, momentum=0.9)
    train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
    metrics = {"mean_xent": tf.metrics.mean(per_example)}
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


estimator = tf.estimator.Estimator(model_fn=model_fn)
estimator.train(input_fn=input_fn, steps=7)
evaluation = estimator.evaluate(input_fn=input_fn, steps=3)
print("step", evaluation["global_step"], "mean_xent", evaluation["mean_xent"])
