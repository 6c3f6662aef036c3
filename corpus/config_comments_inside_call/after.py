import tensorflow as tf

# Keep the thread pools small on the shared CI machines.
tf.config.threading.set_intra_op_parallelism_threads(2)
tf.config.threading.set_inter_op_parallelism_threads(2)  # one per core

graph = tf.Graph()
with graph.as_default():
    answer = tf.constant(6) * tf.constant(7)

sess = tf.compat.v1.Session(graph=graph)
print(sess.run(answer))
