"""A residual block whose projection depends on the batch axis of the input's static shape.
TF1's graph may not have known that axis where Keras's traced call does (or the other way),
so the test is not kept as Python, and the pipeline is reported."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(8)
IMAGES = RNG.rand(32, 6, 6, 2).astype(np.float32)
LABELS = (IMAGES.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
INIT = tf.compat.v1.constant_initializer(0.05)


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"image": IMAGES}, LABELS)).repeat().batch(8)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"image": IMAGES}, LABELS)).batch(8)


def residual_block(inputs, filters, strides, name):
    with tf.compat.v1.variable_scope(name):
        shortcut = inputs
        if strides != 1 or inputs.get_shape()[0] != 8:
            shortcut = tf.compat.v1.layers.conv2d(inputs, filters, 1, strides=strides, padding="same",
                                                  kernel_initializer=INIT, name="projection")
        net = tf.compat.v1.layers.conv2d(inputs, filters, 3, strides=strides, padding="same",
                                         activation=tf.nn.relu, kernel_initializer=INIT, name="conv1")
        net = tf.compat.v1.layers.conv2d(net, filters, 3, padding="same", kernel_initializer=INIT,
                                         name="conv2")
        return tf.nn.relu(net + shortcut)


def model_fn(features, labels, mode, params):
    net = tf.compat.v1.layers.conv2d(features["image"], params["filters"], 3, padding="same",
                                     kernel_initializer=INIT, name="stem")
    net = residual_block(net, params["filters"], 1, "block1")
    net = residual_block(net, params["filters"] * 2, 2, "block2")
    logits = tf.compat.v1.layers.dense(tf.reduce_mean(net, axis=[1, 2]), 2,
                                       kernel_initializer=tf.compat.v1.constant_initializer([[0.3, -0.3]] * 8))
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"classes": tf.argmax(logits, axis=1)})
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    loss += 1e-3 * tf.add_n([tf.nn.l2_loss(v) for v in tf.compat.v1.trainable_variables() if "kernel" in v.name])
    train_op = tf.compat.v1.train.AdamOptimizer(0.02).minimize(loss, tf.compat.v1.train.get_global_step())
    accuracy = tf.compat.v1.metrics.accuracy(labels, tf.argmax(logits, axis=1))
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops={"accuracy": accuracy})


classifier = tf.estimator.Estimator(model_fn, params={"filters": 4})
classifier.train(train_input_fn, steps=16)
print("eval", classifier.evaluate(eval_input_fn))
print("classes", [int(p["classes"]) for p in classifier.predict(eval_input_fn)][:8])
