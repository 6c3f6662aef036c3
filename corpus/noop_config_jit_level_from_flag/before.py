import tensorflow as tf

from model import build_model

tf.app.flags.DEFINE_integer("xla", 0, "global_jit_level: 0 off, 1 on")
FLAGS = tf.app.flags.FLAGS


def main(_):
    config = tf.ConfigProto()
    config.graph_options.optimizer_options.global_jit_level = FLAGS.xla
    with tf.Session(config=config) as sess:
        sess.run(build_model())


if __name__ == "__main__":
    tf.app.run()
