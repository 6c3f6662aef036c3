import argparse

import tensorflow as tf

parser = argparse.ArgumentParser()
parser.add_argument("--allow-growth", action="store_true")
parser.add_argument("--log-placement", action="store_true")
args = parser.parse_args()

if args.allow_growth:
    for gpu in tf.config.list_physical_devices("GPU"):
        tf.config.experimental.set_memory_growth(gpu, True)
tf.config.set_soft_device_placement(True)
if args.log_placement:
    tf.debugging.set_log_device_placement(True)

with tf.compat.v1.Session() as sess:
    print(sess.run(tf.constant("configured")))
