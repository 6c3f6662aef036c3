import os

os.environ["CUDA_VISIBLE_DEVICES"] = "2,3"

import tensorflow as tf  # noqa: E402

with tf.device("/gpu:2"):  # GPU 2 is now called GPU 0
    a = tf.constant([1.0, 2.0])
with tf.device("/job:localhost/replica:0/task:0/device:GPU:1"):
    b = a * 2
with tf.device("/gpu:0"):
    c = a + b
print(c)
