import tensorflow as tf

from model import build_big_model
from tfmigrate.runtime import set_gpu_memory_fraction

# The model does not fit in 16 GB: oversubscribe through CUDA unified memory.
set_gpu_memory_fraction(2.0)
tf.config.set_soft_device_placement(True)

loss = build_big_model()
with tf.compat.v1.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(loss))
