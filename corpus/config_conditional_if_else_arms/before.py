import os

import tensorflow as tf

config = tf.ConfigProto()
if os.environ.get("SMALL_MACHINE"):
    config.intra_op_parallelism_threads = 2  # leave cores for the data loader
else:
    config.intra_op_parallelism_threads = 8
config.allow_soft_placement = True

sess = tf.Session(config=config)
