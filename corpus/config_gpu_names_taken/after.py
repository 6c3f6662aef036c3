import os

import tensorflow as tf

from towers import tower_loss

gpus = os.environ.get("TRAIN_GPUS", "0,1").split(",")

gpu_devices = tf.config.list_physical_devices("GPU")
if gpu_devices:
    tf.config.set_visible_devices(gpu_devices[:1], "GPU")
for gpu_device in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu_device, True)

losses = []
for gpu in gpus:
    with tf.device("/gpu:%s" % gpu):
        losses.append(tower_loss())
total_loss = tf.add_n(losses)

with tf.compat.v1.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(total_loss))
