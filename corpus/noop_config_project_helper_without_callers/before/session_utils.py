"""A library module: its callers are in other projects."""
import tensorflow as tf


def default_session_config(fraction=0.9):
    config = tf.ConfigProto(allow_soft_placement=True)
    config.gpu_options.per_process_gpu_memory_fraction = fraction
    return config
