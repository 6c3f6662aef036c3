"""An is_training flag for batch norm with UPDATE_OPS, a dropout without training=, binary metrics."""
import numpy as np
import tensorflow.compat.v1 as tf

POINTS = np.random.RandomState(4).randn(16, 4).astype("float32")
LABELS = (POINTS[:, :1] + POINTS[:, 1:2] > 0).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, LABELS)).repeat().batch(8)


def model_fn(features, labels, mode):
    is_training = mode == tf.estimator.ModeKeys.TRAIN
    net = tf.layers.dense(features, 8)
    net = tf.layers.batch_normalization(net, training=is_training)
    net = tf.nn.relu(net)
    net = tf.layers.dropout(net, rate=0.5)
    logits = tf.layers.dense(net, 1)
    loss = tf.losses.sigmoid_cross_entropy(multi_class_labels=labels, logits=logits)
    global_step = tf.train.get_global_step()
    learning_rate = tf.train.piecewise_constant(global_step, [4, 8], [0.01, 0.005, 0.001])
    update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
    with tf.control_dependencies(update_ops):
        train_op = tf.train.AdamOptimizer(learning_rate).minimize(loss, global_step=global_step)
    metrics = {
        "auc": tf.metrics.auc(labels, tf.sigmoid(logits)),
        "precision": tf.metrics.precision(labels, logits > 0),
        "recall": tf.metrics.recall(labels, logits > 0),
    }
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=10)
result = estimator.evaluate(input_fn, steps=2)
print({key: float(result[key]) for key in ("auc", "precision", "recall")})
