"""The if/else that picks the session calls a function of the program in its test, which the
settings would have to run before: each session gets them right before it instead, which
the ops before the second one would come too late for: reported."""
import tensorflow as tf

FLAGS = tf.app.flags.FLAGS
tf.app.flags.DEFINE_string("frozen_model", "", "a frozen GraphDef to run instead of the checkpoint")


def load_graph(path):
    graph = tf.Graph()
    with graph.as_default():
        if path:
            tf.import_graph_def(tf.GraphDef(), name="")
    return graph


def has_frozen_graph(path):
    return bool(path) and tf.gfile.Exists(path)


def main(_):
    config = tf.ConfigProto(intra_op_parallelism_threads=3, inter_op_parallelism_threads=2)
    config.log_device_placement = True
    if has_frozen_graph(FLAGS.frozen_model):
        graph = load_graph(FLAGS.frozen_model)
        with tf.Session(graph=graph, config=config) as sess:
            print(sess.list_devices())
    else:
        inputs = tf.placeholder(tf.float32, [None, 3])
        boxes = tf.reduce_sum(inputs, axis=1)
        with tf.Session(config=config) as sess:
            print(sess.run(boxes, feed_dict={inputs: [[1.0, 2.0, 3.0]]}))


if __name__ == "__main__":
    tf.app.run(main)
