import tensorflow as tf

config = tf.ConfigProto(inter_op_parallelism_threads=3, device_count={"CPU": 3})


def build():
    graph = tf.Graph()
    with graph.as_default():
        parts = [tf.constant(float(i)) for i in range(3)]
        total = tf.add_n(parts)
    return graph, total


if __name__ == "__main__":
    graph, total = build()
    sess = tf.Session(graph=graph, config=config)
    print(sess.run(total))
