import tensorflow as tf


def session_config():
    # Soft placement: some summary ops have no GPU kernel.
    tf.config.set_soft_device_placement(True)
    tf.debugging.set_log_device_placement(True)


def main():
    graph = tf.Graph()
    with graph.as_default():
        total = tf.add(tf.constant(2), tf.constant(3))
    session_config()
    with tf.compat.v1.Session(graph=graph) as sess:
        print(sess.run(total))


if __name__ == "__main__":
    main()
