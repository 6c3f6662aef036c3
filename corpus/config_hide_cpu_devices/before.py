import tensorflow as tf

from benchmark import build_gpu_only_graph

# Benchmark the GPU kernels alone: no CPU devices at all.
config = tf.ConfigProto(device_count={"CPU": 0, "GPU": 1})
op = build_gpu_only_graph()
with tf.Session(config=config) as sess:
    sess.run(op)
