import tensorflow as tf


def count_gpus():
    return len(tf.config.list_physical_devices("GPU"))


def has_gpu():
    return bool(tf.config.list_physical_devices("GPU"))


NUM_CPUS = len(tf.config.list_physical_devices("CPU"))
print(count_gpus(), has_gpu(), NUM_CPUS)
