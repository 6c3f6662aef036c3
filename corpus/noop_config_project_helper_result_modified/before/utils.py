import tensorflow as tf


def get_config():
    config = tf.ConfigProto(allow_soft_placement=True)
    return config
