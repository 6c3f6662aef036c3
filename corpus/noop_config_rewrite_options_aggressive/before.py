"""AGGRESSIVE constant folding has no TF2 form: set_experimental_options only takes on or off."""
import tensorflow as tf
from tensorflow.core.protobuf import rewriter_config_pb2

config = tf.ConfigProto()
config.graph_options.rewrite_options.constant_folding = rewriter_config_pb2.RewriterConfig.AGGRESSIVE

x = tf.constant(3.0) * 2.0
with tf.Session(config=config) as sess:
    print(sess.run(x))
