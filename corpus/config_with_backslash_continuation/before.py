import tensorflow as tf

from nets import resnet_v1


def evaluate(images, checkpoint):
    config = tf.ConfigProto(log_device_placement=False,
                            allow_soft_placement=True)
    logits = resnet_v1(images, is_training=False)
    with tf.Session(config=config) as sess, \
            sess.as_default():
        tf.train.Saver().restore(sess, checkpoint)
        return logits.eval()
