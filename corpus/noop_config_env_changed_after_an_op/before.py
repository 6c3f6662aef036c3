"""Feature scaling, then a GPU picked for the session."""
import os

import tensorflow as tf

scale = tf.constant(0.5)
os.environ["CUDA_VISIBLE_DEVICES"] = "1"
config = tf.ConfigProto(inter_op_parallelism_threads=2)
config.gpu_options.allow_growth = True
with tf.Session(config=config) as sess:
    print(sess.run(scale * 4.0))
