from tensorflow import Graph
from tensorflow import constant, reduce_mean
import tensorflow as tf

tf.config.threading.set_intra_op_parallelism_threads(2)
tf.config.set_soft_device_placement(True)

graph = Graph()
with graph.as_default():
    loss = reduce_mean(constant([0.5, 0.25, 0.125]))

sess = tf.compat.v1.Session(graph=graph)
print("loss:", sess.run(loss))
