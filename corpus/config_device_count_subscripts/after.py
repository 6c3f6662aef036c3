import tensorflow as tf

# CPU-only smoke test with two logical CPUs, whatever the machine has.
tf.config.set_logical_device_configuration(
    tf.config.list_physical_devices("CPU")[0],
    [tf.config.LogicalDeviceConfiguration()] * 2,
)
tf.config.set_visible_devices([], "GPU")

graph = tf.Graph()
with graph.as_default():
    with tf.device("/cpu:1"):
        result = tf.reduce_prod(tf.constant([1, 2, 3, 4]))

sess = tf.compat.v1.Session(graph=graph)
print(sess.run(result))
