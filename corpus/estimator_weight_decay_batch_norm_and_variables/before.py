"""A classifier with batch normalization and a hand-made output weight; the weight decay is
computed into its own name and added to the cross-entropy, kernels, gammas and betas alike."""
import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()
WEIGHT_DECAY = 5e-3
rng = np.random.RandomState(11)
SAMPLES = rng.normal(size=(96, 4)).astype(np.float32)
CLASSES = (SAMPLES[:, 0] + 0.5 * SAMPLES[:, 3] > 0).astype(np.int32)
HIDDEN_INIT = np.linspace(-0.6, 0.6, 48).reshape(4, 12).astype(np.float32)
OUTPUT_INIT = np.cos(np.arange(24)).reshape(12, 2).astype(np.float32) * 0.4


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": SAMPLES}, CLASSES)).repeat(2).batch(16)


def model_fn(features, labels, mode):
    training = mode == tf.estimator.ModeKeys.TRAIN
    net = tf.layers.dense(features["x"], 12, use_bias=False, kernel_initializer=tf.constant_initializer(HIDDEN_INIT))
    net = tf.layers.batch_normalization(net, training=training)
    net = tf.nn.relu(net)
    out_w = tf.get_variable("out_w", shape=[12, 2], initializer=tf.constant_initializer(OUTPUT_INIT))
    logits = tf.matmul(net, out_w)
    xent = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    penalty = tf.add_n([tf.nn.l2_loss(var) for var in tf.trainable_variables()])
    loss = xent + WEIGHT_DECAY * penalty
    if mode == tf.estimator.ModeKeys.EVAL:
        accuracy = tf.metrics.accuracy(labels, tf.argmax(logits, axis=1))
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops={"accuracy": accuracy})
    update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
    with tf.control_dependencies(update_ops):
        train_op = tf.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


classifier = tf.estimator.Estimator(model_fn)
classifier.train(input_fn)
print("eval", classifier.evaluate(input_fn))
