"""Session defaults in the style of tflearn's init_graph: no memory cap, grow on demand."""
import tensorflow as tf

NUM_CORES = 4

# A fraction of 0 means "no cap".
tf.config.threading.set_intra_op_parallelism_threads(4)
tf.config.threading.set_inter_op_parallelism_threads(4)
for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)
tf.config.set_soft_device_placement(True)

graph = tf.Graph()
with graph.as_default():
    total = tf.reduce_sum(tf.range(NUM_CORES * 10))

sess = tf.compat.v1.Session(graph=graph)
print(sess.run(total))
