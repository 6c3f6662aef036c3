import tensorflow as tf

from utils import get_session_config


def evaluate(graph):
    config = get_session_config()
    sess = tf.Session(graph=graph, config=config)
    return sess
