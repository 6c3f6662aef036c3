import tensorflow as tf


class Runner(object):
    def __init__(self, supervisor):
        self.sv = supervisor  # made elsewhere: maybe not a tf.train.Supervisor

    def run(self, train_op):
        config = tf.ConfigProto(allow_soft_placement=True)
        with self.sv.managed_session(config=config) as sess:
            sess.run(train_op)
