"""The network helper's loop stops early at a width of 0: a loop that exits is not one
tfmigrate writes out at the helper's call."""
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()
FEATURES = ["temperature", "pressure", "humidity"]
rng = np.random.RandomState(21)
COLUMNS = {name: rng.normal(size=90).astype(np.float32) for name in FEATURES}
RAIN = (COLUMNS["humidity"] - 0.5 * COLUMNS["pressure"] > 0.2).astype(np.int32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((COLUMNS, RAIN)).repeat(2).batch(15)


def build_network(features, params, is_training):
    net = tf.stack([features[name] for name in FEATURES], axis=1)
    for units in params["hidden"]:
        if units == 0:
            break
        net = tf.layers.dense(net, units, activation=tf.nn.tanh, kernel_initializer=tf.constant_initializer(0.2))
        net = tf.layers.dropout(net, rate=params["dropout"], training=is_training)
    return tf.layers.dense(net, 2, kernel_initializer=tf.constant_initializer(-0.1))


def get_loss(labels, logits):
    return tf.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)


def get_eval_metrics(labels, logits):
    return {"accuracy": tf.metrics.accuracy(labels, tf.argmax(logits, axis=1))}


def create_train_op(loss, params):
    optimizer = tf.train.AdagradOptimizer(params["learning_rate"])
    return optimizer.minimize(loss, global_step=tf.train.get_global_step())


def model_fn(features, labels, mode, params):
    is_training = mode == tf.estimator.ModeKeys.TRAIN
    logits = build_network(features, params, is_training)
    loss = get_loss(labels, logits)
    train_op = create_train_op(loss, params) if is_training else None
    eval_ops = get_eval_metrics(labels, logits) if mode == tf.estimator.ModeKeys.EVAL else None
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=eval_ops)


classifier = tf.estimator.Estimator(model_fn, params={"hidden": [6, 4], "dropout": 0.0, "learning_rate": 0.3})
classifier.train(input_fn)
print("eval", classifier.evaluate(input_fn))
