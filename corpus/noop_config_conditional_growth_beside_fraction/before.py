import argparse

import tensorflow as tf

parser = argparse.ArgumentParser()
parser.add_argument("--grow", action="store_true")
args = parser.parse_args()

config = tf.ConfigProto(gpu_options=tf.GPUOptions(per_process_gpu_memory_fraction=0.5))
if args.grow:
    # With the fraction, this meant "grow on demand up to half the GPU".
    config.gpu_options.allow_growth = True
sess = tf.Session(config=config)
