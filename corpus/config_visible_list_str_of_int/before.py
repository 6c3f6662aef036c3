import argparse

import tensorflow as tf

parser = argparse.ArgumentParser()
parser.add_argument("--gpu", type=int, default=0)
args = parser.parse_args()

config = tf.ConfigProto()
config.gpu_options.visible_device_list = str(args.gpu)

with tf.Session(config=config) as sess:
    print(sess.run(tf.constant(args.gpu)))
