import tensorflow as tf


class Trainer(object):
    def __init__(self, model, gpu_fraction=0.5):
        self.model = model
        for gpu in tf.config.list_physical_devices("GPU"):
            tf.config.experimental.set_memory_growth(gpu, True)
        tf.config.set_soft_device_placement(True)
        self.sess = tf.compat.v1.Session()

    def fit(self, batches):
        self.sess.run(tf.global_variables_initializer())
        for batch in batches:
            self.sess.run(self.model.train_op, feed_dict=self.model.feed(batch))

    def export(self, path):
        with tf.compat.v1.Session() as sess:
            tf.train.Saver().restore(sess, path)
