"""trainer/model.py: the network and its model_fn; trainer/task.py builds the Estimator."""
import tensorflow as tf

HIDDEN = [64, 32]


def classifier_fn(features, labels, mode, params):
    net = features["pixels"]
    for units in HIDDEN:
        net = tf.layers.dense(net, units, activation=tf.nn.relu)
    logits = tf.layers.dense(net, params["classes"])
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"class": tf.argmax(logits, 1)})
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.train.AdamOptimizer().minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)
