import tensorflow as tf


def get_config_proto(log_device_placement=False, allow_soft_placement=True,
                     num_intra_threads=0, num_inter_threads=0):
  # CPU threads options
  if num_intra_threads:
    tf.config.threading.set_intra_op_parallelism_threads(num_intra_threads)
  if num_inter_threads:
    tf.config.threading.set_inter_op_parallelism_threads(num_inter_threads)
  for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)
  tf.config.set_soft_device_placement(allow_soft_placement)
  tf.debugging.set_log_device_placement(log_device_placement)
