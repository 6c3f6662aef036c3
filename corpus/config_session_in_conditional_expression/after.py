import os

import tensorflow as tf

graph = tf.Graph()
with graph.as_default():
    product = tf.constant(6) * tf.constant(7)

debug = os.environ.get("DEBUG_PLACEMENT") == "1"
if debug:
    tf.config.threading.set_intra_op_parallelism_threads(1)
    tf.debugging.set_log_device_placement(True)
sess = tf.compat.v1.Session(graph=graph) if debug else tf.Session(graph=graph)
print(sess.run(product))
