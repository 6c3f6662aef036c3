"""A flags-driven trainer: tf.app.run parses the flags, then calls main."""
import tensorflow as tf

flags = tf.app.flags
flags.DEFINE_integer("threads", 4, "inter-op threads")
FLAGS = flags.FLAGS

print("eager by default:", tf.executing_eagerly())


def main(_):
    tf.config.threading.set_inter_op_parallelism_threads(4)
    tf.config.set_soft_device_placement(True)
    with tf.compat.v1.Session() as sess:
        print(sess.list_devices())


if __name__ == "__main__":
    tf.app.run(main)
