import tensorflow as tf


def configure_tf2():
    """Used by the new TF2 entry point; this TF1 script never calls it."""
    tf.config.threading.set_intra_op_parallelism_threads(4)


config = tf.ConfigProto(intra_op_parallelism_threads=4)

graph = tf.Graph()
with graph.as_default():
    doubled = tf.constant([1, 2, 3]) * 2

sess = tf.Session(graph=graph, config=config)
print(sess.run(doubled))
