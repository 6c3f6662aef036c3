"""Text generation with the layout optimizer switched off for the session, as the
transformer language-model training scripts of the time did (its NHWC/NCHW swaps broke
their attention kernels); arithmetic optimization stays on explicitly."""
import numpy as np
import tensorflow as tf
from tensorflow.core.protobuf import rewriter_config_pb2

config = tf.compat.v1.ConfigProto()
config.gpu_options.allow_growth = True
config.graph_options.rewrite_options.layout_optimizer = rewriter_config_pb2.RewriterConfig.OFF
config.graph_options.rewrite_options.arithmetic_optimization = rewriter_config_pb2.RewriterConfig.ON

graph = tf.Graph()
with graph.as_default():
    tokens = tf.compat.v1.placeholder(tf.int32, [None, 8])
    embeddings = tf.compat.v1.get_variable("wte", [50, 16], initializer=tf.compat.v1.constant_initializer(0.01))
    hidden = tf.reduce_mean(tf.nn.embedding_lookup(embeddings, tokens), axis=1)
    init = tf.compat.v1.global_variables_initializer()

sess = tf.compat.v1.Session(graph=graph, config=config)
sess.run(init)
batch = np.arange(16).reshape(2, 8) % 50
print(sess.run(hidden, feed_dict={tokens: batch}).shape)
