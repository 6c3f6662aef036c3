"""Token statistics for a small vocabulary."""
import tensorflow as tf

# Special tokens shared by every graph below.
SPECIAL_TOKENS = tf.constant(["<pad>", "<unk>", "<s>", "</s>"])

config = tf.ConfigProto(intra_op_parallelism_threads=2,
                        inter_op_parallelism_threads=2)

graph = tf.Graph()
with graph.as_default():
    tokens = tf.constant(["the", "cat", "sat"])
    count = tf.size(tokens)

sess = tf.Session(graph=graph, config=config)
print("tokens:", sess.run(count))
