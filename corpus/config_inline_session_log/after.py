import tensorflow as tf

graph = tf.Graph()
with graph.as_default():
    a = tf.constant([1.0, 2.0, 3.0], shape=[3], name="a")
    b = tf.constant([4.0, 5.0, 6.0], shape=[3], name="b")
    c = a * b

# Print the device chosen for every op.
tf.debugging.set_log_device_placement(True)
sess = tf.compat.v1.Session(graph=graph)
print(sess.run(c))
