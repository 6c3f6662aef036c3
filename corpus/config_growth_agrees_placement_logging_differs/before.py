import tensorflow as tf

from model import build_graph, load_batches


def train(checkpoint):
    graph, train_op, saver = build_graph(training=True)
    config = tf.ConfigProto(log_device_placement=True)
    config.gpu_options.allow_growth = True
    with tf.Session(graph=graph, config=config) as sess:
        for batch in load_batches("train"):
            sess.run(train_op, feed_dict=batch)
        saver.save(sess, checkpoint)


def predict(checkpoint):
    graph, outputs, saver = build_graph(training=False)
    config = tf.ConfigProto(gpu_options=tf.GPUOptions(allow_growth=True))
    with tf.Session(graph=graph, config=config) as sess:
        saver.restore(sess, checkpoint)
        return [sess.run(outputs, feed_dict=batch) for batch in load_batches("test")]
