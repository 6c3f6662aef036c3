"""A demo that runs either a frozen graph or a checkpointed model: each arm of the if/else
makes one session with the config built at the top of main(), after graph-building ops.
Every run makes exactly one such session, so the settings go where the config was."""
import tensorflow as tf

FLAGS = tf.app.flags.FLAGS
tf.app.flags.DEFINE_string("frozen_model", "", "a frozen GraphDef to run instead of the checkpoint")


def load_graph(path):
    graph = tf.Graph()
    with graph.as_default():
        if path:
            tf.import_graph_def(tf.GraphDef(), name="")
    return graph


def main(_):
    tf.config.threading.set_intra_op_parallelism_threads(3)
    tf.config.threading.set_inter_op_parallelism_threads(2)
    tf.debugging.set_log_device_placement(True)
    if FLAGS.frozen_model:
        graph = load_graph(FLAGS.frozen_model)
        with tf.compat.v1.Session(graph=graph) as sess:
            print(sess.list_devices())
    else:
        inputs = tf.placeholder(tf.float32, [None, 3])
        boxes = tf.reduce_sum(inputs, axis=1)
        with tf.compat.v1.Session() as sess:
            print(sess.run(boxes, feed_dict={inputs: [[1.0, 2.0, 3.0]]}))


if __name__ == "__main__":
    tf.app.run(main)
