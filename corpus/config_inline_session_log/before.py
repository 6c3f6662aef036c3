import tensorflow as tf

graph = tf.Graph()
with graph.as_default():
    a = tf.constant([1.0, 2.0, 3.0], shape=[3], name="a")
    b = tf.constant([4.0, 5.0, 6.0], shape=[3], name="b")
    c = a * b

# Print the device chosen for every op.
sess = tf.Session(graph=graph, config=tf.ConfigProto(log_device_placement=True))
print(sess.run(c))
