import tensorflow as tf

FLAGS = tf.app.flags.FLAGS

config = tf.ConfigProto(intra_op_parallelism_threads=4)
if FLAGS.single_thread:
    config.intra_op_parallelism_threads = 1
sess = tf.Session(config=config)
