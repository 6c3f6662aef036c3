import tensorflow as tf

from cluster_tools.gpu import total_memory_mib  # our own NVML wrapper
from tfmigrate.runtime import total_memory_mib as tfmigrate_total_memory_mib

print("this machine has %d MiB of GPU memory" % total_memory_mib())

for gpu_device in tf.config.list_physical_devices("GPU"):
    tf.config.set_logical_device_configuration(
        gpu_device,
        [tf.config.LogicalDeviceConfiguration(memory_limit=int(0.5 * tfmigrate_total_memory_mib(gpu_device)))],
    )
sess = tf.compat.v1.Session()
