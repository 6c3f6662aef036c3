import os

import tensorflow as tf


def session_config():
    config = tf.ConfigProto()
    config.gpu_options.allow_growth = True
    return config


config = session_config()
os.environ["CUDA_VISIBLE_DEVICES"] = "1"  # read by TF1 when the session starts
sess = tf.Session(config=config)
