import tensorflow as tf

from model import build_towers

# Tower 0 goes on the faster card, which is physical GPU 1.
config = tf.ConfigProto(gpu_options=tf.GPUOptions(visible_device_list="1,0"))

train_op = build_towers(num_gpus=2)
with tf.Session(config=config) as sess:
    sess.run(train_op)
