import argparse

import tensorflow as tf

parser = argparse.ArgumentParser()
parser.add_argument("--allow-growth", action="store_true")
parser.add_argument("--log-placement", action="store_true")
args = parser.parse_args()

config = tf.ConfigProto(allow_soft_placement=True)
if args.allow_growth:
    config.gpu_options.allow_growth = True
if args.log_placement:
    config.log_device_placement = True

with tf.Session(config=config) as sess:
    print(sess.run(tf.constant("configured")))
