import tensorflow as tf

from utils import get_config


def train():
    sess = tf.Session(config=get_config())
    return sess


def serve():
    sess = tf.Session(config=tf.ConfigProto(intra_op_parallelism_threads=1))
    return sess
