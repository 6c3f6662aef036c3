import tensorflow as tf


def get_config_proto():
    config_proto = tf.ConfigProto(allow_soft_placement=True)
    config_proto.gpu_options.allow_growth = True
    return config_proto
