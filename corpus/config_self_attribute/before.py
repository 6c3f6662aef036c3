import tensorflow as tf


class Trainer(object):
    def __init__(self, model, gpu_fraction=0.5):
        self.model = model
        self.config = tf.ConfigProto(allow_soft_placement=True)
        self.config.gpu_options.allow_growth = True
        self.sess = tf.Session(config=self.config)

    def fit(self, batches):
        self.sess.run(tf.global_variables_initializer())
        for batch in batches:
            self.sess.run(self.model.train_op, feed_dict=self.model.feed(batch))

    def export(self, path):
        with tf.Session(config=self.config) as sess:
            tf.train.Saver().restore(sess, path)
