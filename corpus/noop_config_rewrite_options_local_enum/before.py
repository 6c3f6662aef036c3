"""`Toggle.OFF` is this project's own enum, not RewriterConfig's: tfmigrate cannot read it."""
import enum

import tensorflow as tf


class Toggle(enum.IntEnum):
    DEFAULT = 0
    ON = 1
    OFF = 2


config = tf.ConfigProto()
config.graph_options.rewrite_options.layout_optimizer = Toggle.OFF

x = tf.constant(3.0) * 2.0
with tf.Session(config=config) as sess:
    print(sess.run(x))
