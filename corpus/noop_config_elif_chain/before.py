import tensorflow as tf

FLAGS = tf.app.flags.FLAGS

config = tf.ConfigProto()
if FLAGS.mode == "small":
    config.intra_op_parallelism_threads = 2
elif FLAGS.mode == "medium":
    config.intra_op_parallelism_threads = 4
sess = tf.Session(config=config)
