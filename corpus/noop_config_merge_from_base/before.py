import tensorflow as tf

from settings import BASE_SESSION_CONFIG

config = tf.ConfigProto(log_device_placement=True)
config.MergeFrom(BASE_SESSION_CONFIG)

with tf.Session(config=config) as sess:
    print(sess.run(tf.constant(3.14)))
