import tensorflow as tf


def get_config():
    config = tf.ConfigProto()
    config.intra_op_parallelism_threads = 8
    return config
