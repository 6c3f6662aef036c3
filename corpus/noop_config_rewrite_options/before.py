import tensorflow as tf
from tensorflow.core.protobuf import rewriter_config_pb2

from model import build_model

config = tf.ConfigProto(allow_soft_placement=True)
# The layout optimizer breaks our custom NCHW kernels.
config.graph_options.rewrite_options.layout_optimizer = rewriter_config_pb2.RewriterConfig.OFF

train_op = build_model()
with tf.Session(config=config) as sess:
    sess.run(train_op)
