"""A layout optimizer setting read from a flag: its value is only known when the program runs."""
import tensorflow as tf

tf.app.flags.DEFINE_integer("layout_optimizer", 2, "RewriterConfig toggle for the layout optimizer")
FLAGS = tf.app.flags.FLAGS

config = tf.ConfigProto()
config.graph_options.rewrite_options.layout_optimizer = FLAGS.layout_optimizer

x = tf.constant(3.0) * 2.0
with tf.Session(config=config) as sess:
    print(sess.run(x))
