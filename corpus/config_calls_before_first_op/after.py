"""Token statistics for a small vocabulary."""
import tensorflow as tf

tf.config.threading.set_intra_op_parallelism_threads(2)
tf.config.threading.set_inter_op_parallelism_threads(2)

# Special tokens shared by every graph below.
SPECIAL_TOKENS = tf.constant(["<pad>", "<unk>", "<s>", "</s>"])

graph = tf.Graph()
with graph.as_default():
    tokens = tf.constant(["the", "cat", "sat"])
    count = tf.size(tokens)

sess = tf.compat.v1.Session(graph=graph)
print("tokens:", sess.run(count))
