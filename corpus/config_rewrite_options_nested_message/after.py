"""Grappler settings written as nested messages in the ConfigProto call, the class
imported by name."""
import tensorflow as tf
from tensorflow.core.protobuf.rewriter_config_pb2 import RewriterConfig

tf.config.set_soft_device_placement(True)
tf.config.optimizer.set_experimental_options({"constant_folding": False, "disable_meta_optimizer": False})

graph = tf.Graph()
with graph.as_default():
    a = tf.constant([[1.0, 2.0]])
    b = tf.matmul(a, a, transpose_b=True)
sess = tf.compat.v1.Session(graph=graph)
print(sess.run(b))
