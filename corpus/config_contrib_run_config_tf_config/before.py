"""An old contrib.learn script that kept its RunConfig only to open a session with the
RunConfig's tf_config (a GPU share from a flag)."""
import tensorflow as tf

tf.app.flags.DEFINE_float("gpu_share", 0.4, "Share of each GPU's memory to use")
FLAGS = tf.app.flags.FLAGS


def main(_):
    run_config = tf.contrib.learn.RunConfig(gpu_memory_fraction=FLAGS.gpu_share, save_checkpoints_secs=120)
    inputs = tf.placeholder(tf.float32, [None, 3])
    total = tf.reduce_sum(inputs, axis=1)
    with tf.Session(config=run_config.tf_config) as session:
        print(session.run(total, {inputs: [[1.0, 2.0, 3.0]]}))


if __name__ == "__main__":
    tf.app.run()
