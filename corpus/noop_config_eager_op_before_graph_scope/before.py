import tensorflow as tf

scale = tf.constant(2.0)  # outside any graph: in TF2 this runs, and starts the runtime

graph = tf.Graph()
with graph.as_default():
    config = tf.ConfigProto(intra_op_parallelism_threads=2)
    sess = tf.Session(graph=graph, config=config)
