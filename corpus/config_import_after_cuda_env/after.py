"""Pick the GPU from the command line before TensorFlow is imported."""
import argparse
import os

parser = argparse.ArgumentParser()
parser.add_argument("--gpu", default="0")
args = parser.parse_args()
os.environ["CUDA_VISIBLE_DEVICES"] = args.gpu

import tensorflow as tf  # noqa: E402  (must come after CUDA_VISIBLE_DEVICES)

for gpu_device in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu_device, True)
tf.config.set_soft_device_placement(True)

graph = tf.Graph()
with graph.as_default():
    out = tf.reduce_max(tf.constant([3, 1, 4, 1, 5]))

sess = tf.compat.v1.Session(graph=graph)
print(sess.run(out))
