import tensorflow as tf

from model import build_model
from tfmigrate.runtime import set_gpu_memory_fraction

flags = tf.app.flags
flags.DEFINE_float("gpu_fraction", 0.5, "Fraction of GPU memory to use (0 = no limit).")
FLAGS = flags.FLAGS


def main(_):
    set_gpu_memory_fraction(FLAGS.gpu_fraction)
    tf.config.set_soft_device_placement(True)
    train_op = build_model()
    with tf.compat.v1.Session() as sess:
        sess.run(train_op)


if __name__ == "__main__":
    tf.app.run()
