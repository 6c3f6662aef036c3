# Evaluation must not touch the GPUs: the trainer owns them.
import tensorflow as tf

tf1 = tf.compat.v1
tf1.disable_eager_execution()

tf1.config.set_visible_devices([], "GPU")
tf1.config.set_soft_device_placement(False)

labels = tf.constant([1, 0, 1, 1])
predictions = tf.constant([1, 0, 0, 1])
accuracy = tf.reduce_mean(tf.cast(tf.equal(labels, predictions), tf.float32))

sess = tf1.Session()
print("accuracy = %.2f" % sess.run(accuracy))
