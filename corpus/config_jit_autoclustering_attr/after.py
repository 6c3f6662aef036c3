import tensorflow as tf

# Turn on XLA auto-clustering for the whole graph.
tf.config.optimizer.set_jit("autoclustering")

graph = tf.Graph()
with graph.as_default():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    y = tf.nn.relu(tf.matmul(x, x) - 5.0)

sess = tf.compat.v1.Session(graph=graph)
print(sess.run(y))
