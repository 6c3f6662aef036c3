import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import ConfigProto, GPUOptions, Session

tf.disable_v2_behavior()

gpu_options = GPUOptions(allow_growth=True)
config = ConfigProto(gpu_options=gpu_options, log_device_placement=True)

a = tf.placeholder(tf.float32, [None])
doubled = a * 2.0

sess = Session(config=config)
print(sess.run(doubled, feed_dict={a: [1.0, 2.0, 3.0]}))
