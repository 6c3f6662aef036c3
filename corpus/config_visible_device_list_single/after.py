import tensorflow as tf

# GPU 0 runs the data-augmentation server; train on the second card.
tf.config.threading.set_intra_op_parallelism_threads(2)
gpus = tf.config.list_physical_devices("GPU")
if gpus:
    tf.config.set_visible_devices([gpus[1]], "GPU")

graph = tf.Graph()
with graph.as_default():
    w = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    out = tf.matmul(w, w)

sess = tf.compat.v1.Session(graph=graph)
print(sess.run(out))
