import logging

import tensorflow as tf

config = tf.ConfigProto(intra_op_parallelism_threads=4)
config.gpu_options.allow_growth = True
sess = tf.Session(config=config)

logging.info("session config: %s", config)
print(sess.run(tf.constant(0)))
