import tensorflow as tf

# CPU-only smoke test with two logical CPUs, whatever the machine has.
config = tf.ConfigProto()
config.device_count["GPU"] = 0
config.device_count["CPU"] = 2

graph = tf.Graph()
with graph.as_default():
    with tf.device("/cpu:1"):
        result = tf.reduce_prod(tf.constant([1, 2, 3, 4]))

sess = tf.Session(graph=graph, config=config)
print(sess.run(result))
