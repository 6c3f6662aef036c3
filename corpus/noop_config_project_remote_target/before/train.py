import tensorflow as tf

import utils


def train(target_session=""):
    # A distributed run passes the master's address.
    return tf.Session(target=target_session, config=utils.get_config_proto())
