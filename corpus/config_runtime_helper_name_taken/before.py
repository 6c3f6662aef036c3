import tensorflow as tf

from cluster_tools.gpu import total_memory_mib  # our own NVML wrapper

print("this machine has %d MiB of GPU memory" % total_memory_mib())

config = tf.ConfigProto()
config.gpu_options.per_process_gpu_memory_fraction = 0.5
sess = tf.Session(config=config)
