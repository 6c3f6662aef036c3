"""Pretend one 8 GB card is two 3.5 GB cards to test the multi-tower code path."""
import tensorflow as tf

for gpu, limits in zip(tf.config.get_visible_devices("GPU"), [[3584, 3584]]):
    tf.config.set_logical_device_configuration(
        gpu, [tf.config.LogicalDeviceConfiguration(memory_limit=m) for m in limits]
    )

with tf.device("/gpu:1"):
    result = tf.reduce_sum(tf.ones([1024, 1024]))

sess = tf.compat.v1.Session()
print(sess.run(result))
