"""Grappler settings written as nested messages in the ConfigProto call, the class
imported by name."""
import tensorflow as tf
from tensorflow.core.protobuf.rewriter_config_pb2 import RewriterConfig

session_config = tf.ConfigProto(
    allow_soft_placement=True,
    graph_options=tf.GraphOptions(
        rewrite_options=RewriterConfig(constant_folding=RewriterConfig.OFF, disable_meta_optimizer=False)),
)

graph = tf.Graph()
with graph.as_default():
    a = tf.constant([[1.0, 2.0]])
    b = tf.matmul(a, a, transpose_b=True)
sess = tf.Session(graph=graph, config=session_config)
print(sess.run(b))
