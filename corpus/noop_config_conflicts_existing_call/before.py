import tensorflow as tf

# Strict placement everywhere: a misplaced op must fail loudly.
tf.config.set_soft_device_placement(False)

config = tf.ConfigProto(allow_soft_placement=True)

graph = tf.Graph()
with graph.as_default():
    total = tf.reduce_sum(tf.constant([1, 2, 3]))

sess = tf.Session(graph=graph, config=config)
print(sess.run(total))
