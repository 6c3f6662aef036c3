"""Session defaults in the style of tflearn's init_graph: no memory cap, grow on demand."""
import tensorflow as tf

NUM_CORES = 4

# A fraction of 0 means "no cap".
gpu_options = tf.GPUOptions(per_process_gpu_memory_fraction=0.0, allow_growth=True)
config = tf.ConfigProto(gpu_options=gpu_options,
                        intra_op_parallelism_threads=4,
                        inter_op_parallelism_threads=4,
                        allow_soft_placement=True)

graph = tf.Graph()
with graph.as_default():
    total = tf.reduce_sum(tf.range(NUM_CORES * 10))

sess = tf.Session(graph=graph, config=config)
print(sess.run(total))
