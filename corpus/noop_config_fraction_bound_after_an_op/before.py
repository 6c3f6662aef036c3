import os

import tensorflow as tf

scale = tf.constant(2.0)
fraction = float(os.environ.get("GPU_FRACTION", "0"))
config = tf.ConfigProto(gpu_options=tf.GPUOptions(per_process_gpu_memory_fraction=fraction))
sess = tf.Session(config=config)
print(sess.run(scale * 3))
