import tensorflow as tf

FLAGS = tf.app.flags.FLAGS

config = tf.ConfigProto()
if FLAGS.allow_growth:
    tf.logging.info("GPU memory grows on demand")
    config.gpu_options.allow_growth = True
sess = tf.Session(config=config)
