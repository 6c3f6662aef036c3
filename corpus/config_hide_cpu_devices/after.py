import tensorflow as tf

from benchmark import build_gpu_only_graph

# Benchmark the GPU kernels alone: no CPU devices at all.
tf.config.set_visible_devices([], "CPU")
gpus = tf.config.list_physical_devices("GPU")
if gpus:
    tf.config.set_visible_devices(gpus[:1], "GPU")
op = build_gpu_only_graph()
with tf.compat.v1.Session() as sess:
    sess.run(op)
