import tensorflow as tf


def make_session(debug=False):
    config = tf.ConfigProto()
    if debug:
        # A second call with debug=False had placement logging off again in TF1;
        # in TF2 it would stay on.
        config.log_device_placement = True
    return tf.Session(config=config)
