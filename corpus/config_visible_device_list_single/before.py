import tensorflow as tf

# GPU 0 runs the data-augmentation server; train on the second card.
config = tf.ConfigProto(intra_op_parallelism_threads=2)
config.gpu_options.visible_device_list = "1"

graph = tf.Graph()
with graph.as_default():
    w = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    out = tf.matmul(w, w)

sess = tf.Session(graph=graph, config=config)
print(sess.run(out))
