import sys

import tensorflow as tf

config = tf.ConfigProto(log_device_placement=True)
if "--quiet" in sys.argv:
    config = tf.ConfigProto()
config.allow_soft_placement = True

sess = tf.Session(config=config)
print(sess.run(tf.constant(1)))
