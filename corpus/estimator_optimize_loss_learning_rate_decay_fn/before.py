"""optimize_loss with a learning_rate_decay_fn, a lambda of its rate and the global step that
returns an exponential decay of them, as training labs wrote it: optimize_loss called it
with its rate and the step, so the Keras optimizer takes the same decay as a schedule."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(11)
IMAGES = RNG.rand(48, 6, 6, 1).astype(np.float32)
LABELS = (IMAGES.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
FILTERS = RNG.normal(0.0, 0.3, (3, 3, 1, 4)).astype(np.float32)
HIDDEN = RNG.normal(0.0, 0.3, (36, 8)).astype(np.float32)
OUTPUT = RNG.normal(0.0, 0.3, (8, 2)).astype(np.float32)


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"image": IMAGES}, LABELS)).repeat().batch(16)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"image": IMAGES}, LABELS)).batch(16)


def model_fn(features, labels, mode, params):
    net = tf.contrib.layers.conv2d(features["image"], 4, 3,
                                   weights_initializer=tf.compat.v1.constant_initializer(FILTERS))
    net = tf.contrib.layers.max_pool2d(net, 2)
    net = tf.contrib.layers.flatten(net)
    net = tf.contrib.layers.fully_connected(net, 8, weights_initializer=tf.compat.v1.constant_initializer(HIDDEN))
    logits = tf.contrib.layers.fully_connected(net, 2, activation_fn=None,
                                               weights_initializer=tf.compat.v1.constant_initializer(OUTPUT))
    predicted = tf.argmax(logits, 1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"class_ids": predicted})
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.contrib.layers.optimize_loss(loss, tf.compat.v1.train.get_global_step(),
                                               learning_rate=params["learning_rate"], optimizer="Adam",
                                               learning_rate_decay_fn=lambda rate, step: tf.compat.v1.train.exponential_decay(
                                                   rate, step, 10, 0.5))
    accuracy = tf.compat.v1.metrics.accuracy(labels, predicted)
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops={"accuracy": accuracy})


classifier = tf.estimator.Estimator(model_fn=model_fn, params={"learning_rate": 0.05})
classifier.train(train_input_fn, steps=15)
print("eval", classifier.evaluate(eval_input_fn))
print("classes", [int(p["class_ids"]) for p in classifier.predict(eval_input_fn)][:8])
