import tensorflow as tf

from nets import resnet_v1


def evaluate(images, checkpoint):
    tf.config.set_soft_device_placement(True)
    tf.debugging.set_log_device_placement(False)
    logits = resnet_v1(images, is_training=False)
    with tf.compat.v1.Session() as sess, \
            sess.as_default():
        tf.train.Saver().restore(sess, checkpoint)
        return logits.eval()
