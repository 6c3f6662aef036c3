import tensorflow as tf

config = tf.ConfigProto(
    # Keep the thread pools small on the shared CI machines.
    intra_op_parallelism_threads=2,
    inter_op_parallelism_threads=2,  # one per core
)

graph = tf.Graph()
with graph.as_default():
    answer = tf.constant(6) * tf.constant(7)

sess = tf.Session(graph=graph, config=config)
print(sess.run(answer))
