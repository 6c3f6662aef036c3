"""A script that either evaluates a graph it loads or builds one, then opens one session in
each arm of the if/else with the same config: every run makes one such session, so the
settings go where the config is built."""
import os

import tensorflow as tf

LOADED = os.environ.get("LOADED_GRAPH", "")

tf.config.threading.set_intra_op_parallelism_threads(3)
tf.config.threading.set_inter_op_parallelism_threads(2)
tf.debugging.set_log_device_placement(True)
graph = tf.Graph()
if LOADED:
    with graph.as_default():
        tf.import_graph_def(tf.Graph().as_graph_def(), name="")
    sess = tf.compat.v1.Session(graph=graph)
else:
    with graph.as_default():
        tokens = tf.constant(["the", "cat", "sat"])
        count = tf.size(tokens)
    sess = tf.compat.v1.Session(graph=graph)
    print("tokens:", sess.run(count))
