"""Pick the GPU from the command line before TensorFlow is imported."""
import argparse
import os

parser = argparse.ArgumentParser()
parser.add_argument("--gpu", default="0")
args = parser.parse_args()
os.environ["CUDA_VISIBLE_DEVICES"] = args.gpu

import tensorflow as tf  # noqa: E402  (must come after CUDA_VISIBLE_DEVICES)

config = tf.ConfigProto()
config.gpu_options.allow_growth = True
config.allow_soft_placement = True

graph = tf.Graph()
with graph.as_default():
    out = tf.reduce_max(tf.constant([3, 1, 4, 1, 5]))

sess = tf.Session(graph=graph, config=config)
print(sess.run(out))
