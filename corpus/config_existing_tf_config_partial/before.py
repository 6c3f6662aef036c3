import tensorflow as tf

# Started the TF2 port: placement is already configured the new way.
tf.config.set_soft_device_placement(True)

config = tf.ConfigProto(allow_soft_placement=True, inter_op_parallelism_threads=2)

graph = tf.Graph()
with graph.as_default():
    c = tf.strings.join(["half", "ported"], separator="-")

sess = tf.Session(graph=graph, config=config)
print(sess.run(c))
