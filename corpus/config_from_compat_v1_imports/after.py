import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import Session

tf.disable_v2_behavior()

for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)
tf.debugging.set_log_device_placement(True)

a = tf.placeholder(tf.float32, [None])
doubled = a * 2.0

sess = Session()
print(sess.run(doubled, feed_dict={a: [1.0, 2.0, 3.0]}))
