"""Tiny linear model: checks that ops land where we expect them."""
import numpy as np
import tensorflow as tf

# Let TF fall back to the CPU for ops without a GPU kernel, and show the placement.
tf.config.set_soft_device_placement(True)
tf.debugging.set_log_device_placement(True)

graph = tf.Graph()
with graph.as_default():
    x = tf.constant(np.ones((2, 3), dtype=np.float32), name="x")
    w = tf.constant(np.full((3, 1), 0.5, dtype=np.float32), name="w")
    y = tf.matmul(x, w) + 1.0

sess = tf.compat.v1.Session(graph=graph)
print(sess.run(y))
