import tensorflow as tf

from model import build_graph, export_graph, load_batches


def predict(checkpoint):
    graph, outputs, saver = build_graph(training=False)
    config = tf.ConfigProto(intra_op_parallelism_threads=1, allow_soft_placement=True)
    config.gpu_options.allow_growth = True
    with tf.Session(graph=graph, config=config) as sess:
        saver.restore(sess, checkpoint)
        return [sess.run(outputs, feed_dict=batch) for batch in load_batches("test")]


def train(checkpoint, threads):
    graph, train_op, saver = build_graph(training=True)
    config = tf.ConfigProto(intra_op_parallelism_threads=threads, allow_soft_placement=True)
    config.gpu_options.allow_growth = True
    with tf.Session(graph=graph, config=config) as sess:
        for batch in load_batches("train"):
            sess.run(train_op, feed_dict=batch)
        saver.save(sess, checkpoint)


def export(checkpoint, path):
    graph, saver = export_graph()
    for gpu in tf.config.list_physical_devices("GPU"):
        tf.config.experimental.set_memory_growth(gpu, True)
    tf.config.set_soft_device_placement(True)
    with tf.compat.v1.Session(graph=graph) as sess:
        saver.restore(sess, checkpoint)
        tf.saved_model.simple_save(sess, path, inputs={}, outputs={})
