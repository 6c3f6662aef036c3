"""Shared helpers of the training scripts."""
import tensorflow as tf


def get_session_config(allow_growth=True):
    tf.config.threading.set_intra_op_parallelism_threads(2)
    # share the GPU with the data loader
    for gpu in tf.config.list_physical_devices("GPU"):
        tf.config.experimental.set_memory_growth(gpu, allow_growth)
    tf.config.set_soft_device_placement(True)
