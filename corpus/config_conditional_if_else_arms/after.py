import os

import tensorflow as tf

if os.environ.get("SMALL_MACHINE"):
    tf.config.threading.set_intra_op_parallelism_threads(2)  # leave cores for the data loader
else:
    tf.config.threading.set_intra_op_parallelism_threads(8)
tf.config.set_soft_device_placement(True)

sess = tf.compat.v1.Session()
