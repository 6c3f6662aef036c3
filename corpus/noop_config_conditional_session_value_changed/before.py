import tensorflow as tf

FLAGS = tf.app.flags.FLAGS

threads = FLAGS.threads
config = tf.ConfigProto(intra_op_parallelism_threads=threads)
if FLAGS.train:
    threads = 1
    sess = tf.Session(config=config)
