"""Shared helpers of the training scripts."""
import tensorflow as tf


def get_session_config(allow_growth=True):
    config = tf.ConfigProto(allow_soft_placement=True, intra_op_parallelism_threads=2)
    config.gpu_options.allow_growth = allow_growth  # share the GPU with the data loader
    return config
