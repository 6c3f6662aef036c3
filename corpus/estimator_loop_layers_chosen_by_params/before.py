"""A binary classifier whose hidden layers each get dropout and batch norm when the
hyperparameters ask for them."""
import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(3).normal(size=(96, 5)).astype("float32")
LABELS = (FEATURES[:, 0] - FEATURES[:, 2] > 0).astype("int32")


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, LABELS)).shuffle(96, seed=1).batch(16).repeat(3)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, LABELS)).batch(32)


def classifier_fn(features, labels, mode, params):
    is_training = mode == tf.estimator.ModeKeys.TRAIN
    net = features
    for depth, units in enumerate(params["hidden_units"]):
        net = tf.compat.v1.layers.dense(net, units)
        if params["batch_norm"]:
            net = tf.compat.v1.layers.batch_normalization(net, training=is_training)
        net = tf.nn.relu(net)
        if params["dropout"] > 0 and depth > 0:
            net = tf.compat.v1.layers.dropout(net, rate=params["dropout"], training=is_training)
    logits = tf.compat.v1.layers.dense(net, 2)
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    if mode == tf.estimator.ModeKeys.EVAL:
        accuracy = tf.compat.v1.metrics.accuracy(labels=labels, predictions=tf.argmax(logits, axis=1))
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"accuracy": accuracy})
    update_ops = tf.compat.v1.get_collection(tf.compat.v1.GraphKeys.UPDATE_OPS)
    with tf.control_dependencies(update_ops):
        train_op = tf.compat.v1.train.AdamOptimizer(params["learning_rate"]).minimize(
            loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


hparams = {"hidden_units": [16, 16, 8], "batch_norm": True, "dropout": 0.2, "learning_rate": 0.01}
classifier = tf.estimator.Estimator(model_fn=classifier_fn, params=hparams)
classifier.train(train_input_fn)
print(classifier.evaluate(eval_input_fn))
