import tensorflow as tf


class Trainer(object):
    def __init__(self):
        self.config = tf.ConfigProto(intra_op_parallelism_threads=4)

    def session(self):
        return tf.Session(config=self.config)


trainer = Trainer()
trainer.config.intra_op_parallelism_threads = 1  # changed from outside the class
sess = trainer.session()
