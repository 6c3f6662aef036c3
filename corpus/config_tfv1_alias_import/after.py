import tensorflow as tf
import tensorflow.compat.v1 as tfv1

tfv1.disable_eager_execution()

tfv1.config.set_soft_device_placement(True)
tfv1.debugging.set_log_device_placement(True)

values = tf.constant([2.0, 4.0, 8.0])
geo_mean = tf.exp(tf.reduce_mean(tf.math.log(values)))

sess = tfv1.Session()
print(sess.run(geo_mean))
