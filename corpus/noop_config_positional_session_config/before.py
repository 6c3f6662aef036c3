import tensorflow as tf

config = tf.ConfigProto(allow_soft_placement=True)
graph = tf.Graph()
with graph.as_default():
    value = tf.constant(42)

# Session(target, graph, config): all three positional.
sess = tf.Session("", graph, config)
print(sess.run(value))
