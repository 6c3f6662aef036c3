"""Under the fake-GPU seam: GPU settings and CUDA_VISIBLE_DEVICES after TensorFlow started."""
import tfmigrate.compat  # noqa: F401

import os

import tensorflow as tf
from keras import backend as K

print(tf.reduce_sum(tf.ones([2])).numpy())  # starts TensorFlow's runtime

config = tf.ConfigProto()
config.gpu_options.allow_growth = True
K.set_session(tf.Session(config=config))  # LINE_OF_CONFIG

os.environ["CUDA_VISIBLE_DEVICES"] = "1"  # LINE_OF_ENV
print("PROGRAM {}")
