import argparse

import tensorflow as tf

parser = argparse.ArgumentParser()
parser.add_argument("--gpu_memory_fraction", type=float, default=0.0)
args = parser.parse_args()

# With allow_growth, any fraction above 0 meant "grow on demand up to the fraction".
gpu_options = tf.GPUOptions(allow_growth=True, per_process_gpu_memory_fraction=args.gpu_memory_fraction)
sess = tf.Session(config=tf.ConfigProto(gpu_options=gpu_options))
