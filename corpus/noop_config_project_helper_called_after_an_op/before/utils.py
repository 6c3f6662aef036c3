import tensorflow as tf


def session_config():
    return tf.ConfigProto(inter_op_parallelism_threads=2)
