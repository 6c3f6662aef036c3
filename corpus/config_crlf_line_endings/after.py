# Written on Windows: every line ends with CRLF.
import tensorflow as tf

tf.config.threading.set_inter_op_parallelism_threads(2)
# Share the card with the desktop session.
for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)

graph = tf.Graph()
with graph.as_default():
    greeting = tf.constant("hello from windows")

sess = tf.compat.v1.Session(graph=graph)
print(sess.run(greeting))
