import tensorflow


def make_session(tf, threads=2):
    """Works with any module that has the TF1 session API (tf, a mock, a stub)."""
    config = tf.ConfigProto(intra_op_parallelism_threads=threads)
    config.gpu_options.allow_growth = True
    return tf.Session(config=config)


def default_session():
    return make_session(tensorflow.compat.v1)
