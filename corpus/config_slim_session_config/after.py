import tensorflow as tf

slim = tf.contrib.slim

from nets import inception_v3_loss

total_loss = inception_v3_loss()
optimizer = tf.train.RMSPropOptimizer(0.01)
train_op = slim.learning.create_train_op(total_loss, optimizer)

tf.config.set_soft_device_placement(True)
slim.learning.train(train_op, logdir="/tmp/inception", number_of_steps=1000)
