import tensorflow as tf

SESSION_KWARGS = {
    "config": tf.ConfigProto(allow_soft_placement=True, log_device_placement=False),
}


def open_session(graph):
    return tf.Session(graph=graph, **SESSION_KWARGS)
