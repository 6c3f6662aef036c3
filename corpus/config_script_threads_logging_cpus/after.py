import tensorflow as tf
tf.config.threading.set_intra_op_parallelism_threads(2)
tf.config.set_logical_device_configuration(
    tf.config.list_physical_devices("CPU")[0],
    [tf.config.LogicalDeviceConfiguration()] * 2,
)
tf.config.set_soft_device_placement(False)
tf.debugging.set_log_device_placement(True)
sess = tf.compat.v1.Session()
