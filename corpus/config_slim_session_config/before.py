import tensorflow as tf

slim = tf.contrib.slim

from nets import inception_v3_loss

total_loss = inception_v3_loss()
optimizer = tf.train.RMSPropOptimizer(0.01)
train_op = slim.learning.create_train_op(total_loss, optimizer)

session_config = tf.ConfigProto(allow_soft_placement=True)
slim.learning.train(train_op, logdir="/tmp/inception", session_config=session_config,
                    number_of_steps=1000)
