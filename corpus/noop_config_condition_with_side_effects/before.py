import tensorflow as tf

from cluster import claim_gpu

config = tf.ConfigProto()
if claim_gpu():  # reserves a GPU: calling it twice would reserve two
    config.gpu_options.allow_growth = True
sess = tf.Session(config=config)
