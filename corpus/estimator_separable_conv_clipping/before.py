"""separable_conv2d, a natural_exp_decay rate, and compute_gradients / clip_by_global_norm / apply_gradients."""
import numpy as np
import tensorflow.compat.v1 as tf

IMAGES = np.random.RandomState(6).rand(8, 7, 7, 3).astype("float32")
CLASSES = np.array([0, 1, 1, 0, 1, 0, 0, 1], dtype="int64")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((IMAGES, CLASSES)).repeat().batch(4)


def model_fn(features, labels, mode):
    net = tf.layers.separable_conv2d(features, 6, 3, depth_multiplier=2, activation=tf.nn.relu)
    net = tf.layers.flatten(net)
    logits = tf.layers.dense(net, 2)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    global_step = tf.train.get_global_step()
    lr = tf.train.natural_exp_decay(0.1, global_step, decay_steps=5, decay_rate=0.3)
    optimizer = tf.train.GradientDescentOptimizer(lr)
    gradients, variables = zip(*optimizer.compute_gradients(loss))
    gradients, _ = tf.clip_by_global_norm(gradients, 1.0)
    train_op = optimizer.apply_gradients(zip(gradients, variables), global_step=global_step)
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


classifier = tf.estimator.Estimator(model_fn)
classifier.train(input_fn, steps=6)
print("loss", classifier.evaluate(input_fn, steps=2)["loss"])
