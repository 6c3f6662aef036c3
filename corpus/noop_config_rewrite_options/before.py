import tensorflow as tf
from tensorflow.core.protobuf import rewriter_config_pb2

from model import build_model

config = tf.ConfigProto(allow_soft_placement=True)
# The memory optimizer swaps out tensors our custom kernels keep.
config.graph_options.rewrite_options.memory_optimization = rewriter_config_pb2.RewriterConfig.NO_MEM_OPT

train_op = build_model()
with tf.Session(config=config) as sess:
    sess.run(train_op)
