"""The AUC of a score the input already carries, next to the model's loss: it does not
come from the model output, so no Keras metric of the model reproduces it."""
import tensorflow as tf


def input_fn():
    features = {"x": [[0.1, 0.4], [0.9, 0.2], [0.3, 0.3], [0.8, 0.7]], "prior": [0.2, 0.7, 0.4, 0.9]}
    return tf.data.Dataset.from_tensor_slices((features, [0, 1, 0, 1])).batch(2)


def model_fn(features, labels, mode):
    logits = tf.compat.v1.layers.dense(features["x"], 2)
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    metrics = {"prior_auc": tf.compat.v1.metrics.auc(labels, features["prior"])}
    train_op = tf.compat.v1.train.AdagradOptimizer(0.1).minimize(loss, tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=2)
print(estimator.evaluate(input_fn))
