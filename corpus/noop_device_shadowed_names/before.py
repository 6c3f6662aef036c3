import tensorflow as tf
from tensorflow.test import is_gpu_available


def is_gpu_available():  # the project's own check replaces the import
    return False


def probe(tf):
    # `tf` is a parameter here, whatever the caller passes
    return tf.test.is_gpu_available(), tf.config.experimental.list_physical_devices("GPU")


print(is_gpu_available(), probe(tf))
