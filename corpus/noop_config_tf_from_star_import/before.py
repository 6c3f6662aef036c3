"""Training script whose TensorFlow comes from a star import of the project's own module:
tfmigrate cannot see which module `tf` is, so the config is reported, not rewritten."""
from layers import *
from helpers import save_grid


class Trainer:
    def __init__(self, steps):
        self.steps = steps

    def build(self):
        # soft placement for the towers
        conf = tf.ConfigProto(allow_soft_placement=True, log_device_placement=False)
        self.sess = tf.Session(config=conf)
        return self.sess

    def sample(self, n):
        return save_grid(n)


def local_proto(ConfigProto):
    return ConfigProto()  # a parameter: anything at all, not reported
