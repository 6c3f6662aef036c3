import numpy as np
import tensorflow as tf

if tf.__version__.startswith("1."):
    from tensorflow import Session
else:
    from tensorflow.compat.v1 import Session
    tf.compat.v1.disable_eager_execution()

tf.debugging.set_log_device_placement(True)

data = tf.compat.v1.placeholder(tf.float32, [None])
mean = tf.reduce_mean(data)

sess = Session()
print(sess.run(mean, {data: np.arange(10, dtype=np.float32)}))
