import tensorflow as tf


class Model(object):
    def __init__(self):
        self.sess_config = tf.ConfigProto(allow_soft_placement=True)
        self.sess_config.gpu_options.allow_growth = True

    def worker_args(self):
        # Not a session: a worker process gets the config as bytes.
        return ["--session-config", self.sess_config.SerializeToString()]

    def session(self):
        return tf.Session(config=self.sess_config)
