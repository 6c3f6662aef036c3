"""A session opened with the tf_config of a RunConfig made on the spot: four threads and a
fixed GPU share."""
import tensorflow as tf
from tfmigrate.runtime import total_memory_mib

tf.config.threading.set_intra_op_parallelism_threads(4)
tf.config.threading.set_inter_op_parallelism_threads(4)
for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.set_logical_device_configuration(
        gpu,
        [tf.config.LogicalDeviceConfiguration(memory_limit=int(0.25 * total_memory_mib(gpu)))],
    )
session = tf.compat.v1.Session()
counter = tf.Variable(0, name="counter")
session.run(tf.global_variables_initializer())
print(session.run(counter.assign_add(1)))
