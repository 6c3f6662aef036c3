import tensorflow as tf

from model import build_model

config = tf.ConfigProto()
config.graph_options.optimizer_options.global_jit_level = tf.OptimizerOptions.ON_2

train_op = build_model()
with tf.Session(config=config) as sess:
    sess.run(train_op)
