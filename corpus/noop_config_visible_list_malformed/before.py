import tensorflow as tf

from model import build_model

config = tf.ConfigProto()
config.gpu_options.visible_device_list = "0;1"  # should have been "0,1"
config.gpu_options.allow_growth = True

train_op = build_model()
with tf.Session(config=config) as sess:
    sess.run(train_op)
