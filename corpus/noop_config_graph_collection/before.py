import tensorflow as tf

GRAPH_CONFIG = "graph_config"

config = tf.ConfigProto(allow_soft_placement=True, log_device_placement=False)
tf.add_to_collection(GRAPH_CONFIG, config)


def make_session():
    return tf.Session(config=tf.get_collection(GRAPH_CONFIG)[0])
