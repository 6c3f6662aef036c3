"""params bound to a name; the EVAL branch comes before TRAIN through elif; one-hot softmax loss."""
import numpy as np
import tensorflow.compat.v1 as tf

HPARAMS = {"hidden": 8, "classes": 3, "rate": 0.1}
X = np.random.RandomState(1).rand(12, 5, 5, 2).astype("float32")
Y = np.arange(12, dtype="int32") % 3


def train_input():
    return tf.data.Dataset.from_tensor_slices((X, Y)).shuffle(12, seed=3).repeat().batch(4)


def eval_input():
    return tf.data.Dataset.from_tensor_slices((X, Y)).batch(6)


def model_fn(features, labels, mode, params):
    net = tf.layers.average_pooling2d(features, pool_size=2, strides=1)
    net = tf.layers.flatten(net)
    net = tf.layers.dense(net, params["hidden"], activation=tf.nn.tanh)
    logits = tf.layers.dense(net, params["classes"])
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"probabilities": tf.nn.softmax(logits)})
    loss = tf.losses.softmax_cross_entropy(onehot_labels=tf.one_hot(labels, params["classes"]), logits=logits)
    if mode == tf.estimator.ModeKeys.EVAL:
        metrics = {"acc": tf.metrics.accuracy(labels, tf.argmax(logits, 1))}
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops=metrics)
    elif mode == tf.estimator.ModeKeys.TRAIN:
        lr = tf.train.exponential_decay(params["rate"], tf.train.get_global_step(), 10, 0.9, staircase=True)
        train_op = tf.train.GradientDescentOptimizer(lr).minimize(loss, global_step=tf.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


classifier = tf.estimator.Estimator(model_fn=model_fn, params=HPARAMS)
classifier.train(input_fn=train_input, steps=6)
results = classifier.evaluate(input_fn=eval_input)
print("acc", results["acc"], "loss", results["loss"])
