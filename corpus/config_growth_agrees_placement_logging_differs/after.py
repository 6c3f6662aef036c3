import tensorflow as tf

from model import build_graph, load_batches


def train(checkpoint):
    graph, train_op, saver = build_graph(training=True)
    for gpu in tf.config.list_physical_devices("GPU"):
        tf.config.experimental.set_memory_growth(gpu, True)
    tf.debugging.set_log_device_placement(True)
    with tf.compat.v1.Session(graph=graph) as sess:
        for batch in load_batches("train"):
            sess.run(train_op, feed_dict=batch)
        saver.save(sess, checkpoint)


def predict(checkpoint):
    graph, outputs, saver = build_graph(training=False)
    for gpu in tf.config.list_physical_devices("GPU"):
        tf.config.experimental.set_memory_growth(gpu, True)
    with tf.compat.v1.Session(graph=graph) as sess:
        saver.restore(sess, checkpoint)
        return [sess.run(outputs, feed_dict=batch) for batch in load_batches("test")]
