import os

import tensorflow as tf

config = tf.ConfigProto(log_device_placement=True, intra_op_parallelism_threads=1)

graph = tf.Graph()
with graph.as_default():
    product = tf.constant(6) * tf.constant(7)

debug = os.environ.get("DEBUG_PLACEMENT") == "1"
sess = tf.Session(graph=graph, config=config) if debug else tf.Session(graph=graph)
print(sess.run(product))
