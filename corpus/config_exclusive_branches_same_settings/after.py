import sys

import tensorflow as tf

graph = tf.Graph()
with graph.as_default():
    metric = tf.reduce_mean(tf.constant([0.25, 0.75]))

if "--train" in sys.argv:
    tf.config.threading.set_intra_op_parallelism_threads(4)
    sess = tf.compat.v1.Session(graph=graph)
else:
    tf.config.threading.set_intra_op_parallelism_threads(4)
    tf.debugging.set_log_device_placement(True)
    sess = tf.compat.v1.Session(graph=graph)

print(sess.run(metric))
