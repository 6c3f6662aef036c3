import tensorflow as tf

from utils import get_session_config


def evaluate(graph):
    get_session_config()
    sess = tf.compat.v1.Session(graph=graph)
    return sess
