# Written on Windows: every line ends with CRLF.
import tensorflow as tf

config = tf.ConfigProto(inter_op_parallelism_threads=2)
# Share the card with the desktop session.
config.gpu_options.allow_growth = True

graph = tf.Graph()
with graph.as_default():
    greeting = tf.constant("hello from windows")

sess = tf.Session(graph=graph, config=config)
print(sess.run(greeting))
