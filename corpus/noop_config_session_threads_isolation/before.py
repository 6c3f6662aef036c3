import tensorflow as tf


def make_worker_session(graph):
    config = tf.ConfigProto()
    config.use_per_session_threads = True
    config.isolate_session_state = True
    config.intra_op_parallelism_threads = 2
    return tf.Session(graph=graph, config=config)


if __name__ == "__main__":
    g = tf.Graph()
    with g.as_default():
        value = tf.constant(7)
    print(make_worker_session(g).run(value))
