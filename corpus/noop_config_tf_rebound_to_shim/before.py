import tensorflow as tf

import tf1_shim  # our own module: the TF1 session API on top of TF2

if not tf.__version__.startswith("1."):
    tf = tf1_shim

config = tf.ConfigProto(log_device_placement=True)
config.gpu_options.allow_growth = True
sess = tf.Session(config=config)
