import tensorflow as tf

from model import build_towers

NUM_GPUS = 2

config = tf.ConfigProto(device_count={"GPU": NUM_GPUS}, allow_soft_placement=True)
train_op = build_towers(NUM_GPUS)
with tf.Session(config=config) as sess:
    sess.run(train_op)
