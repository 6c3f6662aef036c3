import numpy as np
import tensorflow as tf

if tf.__version__.startswith("1."):
    from tensorflow import ConfigProto, Session
else:
    from tensorflow.compat.v1 import ConfigProto, Session
    tf.compat.v1.disable_eager_execution()

config = ConfigProto(log_device_placement=True)

data = tf.compat.v1.placeholder(tf.float32, [None])
mean = tf.reduce_mean(data)

sess = Session(config=config)
print(sess.run(mean, {data: np.arange(10, dtype=np.float32)}))
