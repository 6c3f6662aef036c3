import tensorflow as tf

# Started the TF2 port: placement is already configured the new way.
tf.config.set_soft_device_placement(True)

tf.config.threading.set_inter_op_parallelism_threads(2)

graph = tf.Graph()
with graph.as_default():
    c = tf.strings.join(["half", "ported"], separator="-")

sess = tf.compat.v1.Session(graph=graph)
print(sess.run(c))
