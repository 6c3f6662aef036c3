import tensorflow as tf


def session_config():
    config = tf.ConfigProto(intra_op_parallelism_threads=2)
    return config


config = session_config()
sess = tf.Session(config=config)
save_for_workers(config.SerializeToString())
