import tensorflow as tf


def session_config():
    # Soft placement: some summary ops have no GPU kernel.
    return tf.ConfigProto(allow_soft_placement=True, log_device_placement=True)


def main():
    graph = tf.Graph()
    with graph.as_default():
        total = tf.add(tf.constant(2), tf.constant(3))
    with tf.Session(graph=graph, config=session_config()) as sess:
        print(sess.run(total))


if __name__ == "__main__":
    main()
