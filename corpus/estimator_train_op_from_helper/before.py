"""The train_op comes from a helper of the module, called inside the EstimatorSpec: it makes
the optimizer and runs minimize under the batch-norm update ops."""
import numpy as np
import tensorflow.compat.v1 as tf

rng = np.random.RandomState(3)
READINGS = rng.normal(size=(64, 3)).astype(np.float32)
STATES = (READINGS @ np.array([1.0, -0.5, 0.25], np.float32) > 0.1).astype(np.int32)
FIRST_KERNEL = np.sin(np.arange(18)).reshape(3, 6).astype(np.float32) * 0.5
LAST_KERNEL = np.cos(np.arange(12)).reshape(6, 2).astype(np.float32) * 0.5


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"readings": READINGS}, STATES)).repeat(3).batch(8)


def _train_op_fn(loss, learning_rate):
    optimizer = tf.train.MomentumOptimizer(learning_rate, momentum=0.9)
    update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
    with tf.control_dependencies(update_ops):
        return optimizer.minimize(loss, global_step=tf.train.get_global_step())


def model_fn(features, labels, mode, params):
    training = mode == tf.estimator.ModeKeys.TRAIN
    net = tf.layers.dense(features["readings"], 6, use_bias=False,
                          kernel_initializer=tf.constant_initializer(FIRST_KERNEL))
    net = tf.nn.relu(tf.layers.batch_normalization(net, training=training))
    logits = tf.layers.dense(net, 2, kernel_initializer=tf.constant_initializer(LAST_KERNEL))
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    if mode == tf.estimator.ModeKeys.EVAL:
        accuracy = tf.metrics.accuracy(labels, tf.argmax(logits, axis=1))
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"accuracy": accuracy})
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=_train_op_fn(loss, params["learning_rate"]))


classifier = tf.estimator.Estimator(model_fn, params={"learning_rate": 0.05})
classifier.train(input_fn)
print("eval", classifier.evaluate(input_fn))
