import os

import tensorflow as tf

from towers import tower_loss

gpus = os.environ.get("TRAIN_GPUS", "0,1").split(",")

config = tf.ConfigProto(device_count={"GPU": 1})
config.gpu_options.allow_growth = True

losses = []
for gpu in gpus:
    with tf.device("/gpu:%s" % gpu):
        losses.append(tower_loss())
total_loss = tf.add_n(losses)

with tf.Session(config=config) as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(total_loss))
