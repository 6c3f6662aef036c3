"""Text generation with the layout optimizer switched off for the session, as the
transformer language-model training scripts of the time did (its NHWC/NCHW swaps broke
their attention kernels); arithmetic optimization stays on explicitly."""
import numpy as np
import tensorflow as tf
from tensorflow.core.protobuf import rewriter_config_pb2

for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)
tf.config.optimizer.set_experimental_options({"arithmetic_optimization": True, "layout_optimizer": False})

graph = tf.Graph()
with graph.as_default():
    tokens = tf.compat.v1.placeholder(tf.int32, [None, 8])
    embeddings = tf.compat.v1.get_variable("wte", [50, 16], initializer=tf.compat.v1.constant_initializer(0.01))
    hidden = tf.reduce_mean(tf.nn.embedding_lookup(embeddings, tokens), axis=1)
    init = tf.compat.v1.global_variables_initializer()

sess = tf.compat.v1.Session(graph=graph)
sess.run(init)
batch = np.arange(16).reshape(2, 8) % 50
print(sess.run(hidden, feed_dict={tokens: batch}).shape)
