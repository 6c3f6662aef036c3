"""A convolution, batch normalization with UPDATE_OPS, relu and a dense layer. On the
convolution's 4-D output TF1 ran the normalization fused, which moved the moving variance
toward the unbiased batch variance; Keras's uses the biased one, which the rewrite says."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(3)
IMAGES = RNG.rand(32, 6, 6, 1).astype(np.float32)
LABELS = (IMAGES.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"image": IMAGES}, LABELS)).batch(8)


def model_fn(features, labels, mode, params):
    training = mode == tf.estimator.ModeKeys.TRAIN
    net = tf.compat.v1.layers.conv2d(features["image"], 4, 3, padding="same")
    net = tf.compat.v1.layers.batch_normalization(net, training=training)
    net = tf.nn.relu(net)
    net = tf.compat.v1.layers.flatten(net)
    logits = tf.compat.v1.layers.dense(net, 2)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"class_ids": tf.argmax(logits, 1)})
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    update_ops = tf.compat.v1.get_collection(tf.compat.v1.GraphKeys.UPDATE_OPS)
    with tf.control_dependencies(update_ops):
        train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(loss, tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=4)
print("eval", estimator.evaluate(input_fn))
