"""A TF 1.4 job: the session takes the ConfigProto that contrib.learn's RunConfig builds,
which is written out and becomes tf.config calls."""
import tensorflow as tf
from tfmigrate.runtime import total_memory_mib

for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.set_logical_device_configuration(
        gpu,
        [tf.config.LogicalDeviceConfiguration(memory_limit=int(0.3 * total_memory_mib(gpu)))],
    )
images = tf.placeholder(tf.float32, [None, 784])
with tf.compat.v1.Session() as sess:
    sess.run(tf.global_variables_initializer())
