"""Residual blocks from a helper, as CIFAR ResNet repositories wrote them: the shortcut is
projected by a 1x1 convolution only where the block changes the stride or the number of
channels, a test of the input's static shape. The first block keeps its shape, the second
doubles the channels. Weight decay over the kernels, under each block's variable scope."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(8)
IMAGES = (RNG.rand(32, 6, 6, 2) * RNG.rand(32, 1, 1, 1)).astype(np.float32)  # brightness varies
LABELS = (IMAGES.mean(axis=(1, 2, 3)) > np.median(IMAGES.mean(axis=(1, 2, 3)))).astype(np.int64)
INIT = tf.compat.v1.constant_initializer(0.05)


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"image": IMAGES}, LABELS)).repeat().batch(8)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"image": IMAGES}, LABELS)).batch(8)


def residual_block(inputs, filters, strides, name):
    with tf.compat.v1.variable_scope(name):
        shortcut = inputs
        if strides != 1 or inputs.shape[-1] != filters:
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
                                       kernel_initializer=tf.compat.v1.constant_initializer([[-0.3, 0.3]] * 8))
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
