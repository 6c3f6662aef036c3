import argparse

import tensorflow as tf

parser = argparse.ArgumentParser()
parser.add_argument("--gpu", type=int, default=0)
args = parser.parse_args()

gpus = tf.config.list_physical_devices("GPU")
if gpus:
    tf.config.set_visible_devices([gpus[args.gpu]], "GPU")

with tf.compat.v1.Session() as sess:
    print(sess.run(tf.constant(args.gpu)))
