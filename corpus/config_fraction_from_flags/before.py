import tensorflow as tf

from model import build_model

flags = tf.app.flags
flags.DEFINE_float("gpu_fraction", 0.5, "Fraction of GPU memory to use (0 = no limit).")
FLAGS = flags.FLAGS


def main(_):
    gpu_options = tf.GPUOptions(per_process_gpu_memory_fraction=FLAGS.gpu_fraction)
    config = tf.ConfigProto(gpu_options=gpu_options, allow_soft_placement=True)
    train_op = build_model()
    with tf.Session(config=config) as sess:
        sess.run(train_op)


if __name__ == "__main__":
    tf.app.run()
