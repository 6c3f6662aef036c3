import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

# Two CPU devices so the tower code below can be exercised without GPUs.
tf.config.threading.set_inter_op_parallelism_threads(2)
tf.config.set_logical_device_configuration(
    tf.config.list_physical_devices("CPU")[0],
    [tf.config.LogicalDeviceConfiguration()] * 2,
)

towers = []
for i in range(2):
    with tf.device("/cpu:%d" % i):
        towers.append(tf.reduce_sum(tf.ones([16, 16]) * float(i + 1)))
total = tf.add_n(towers)

sess = tf.Session()
print(sess.run(total))
