import tensorflow as tf

config = tf.ConfigProto()
# Turn on XLA auto-clustering for the whole graph.
config.graph_options.optimizer_options.global_jit_level = tf.OptimizerOptions.ON_1

graph = tf.Graph()
with graph.as_default():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    y = tf.nn.relu(tf.matmul(x, x) - 5.0)

sess = tf.Session(graph=graph, config=config)
print(sess.run(y))
