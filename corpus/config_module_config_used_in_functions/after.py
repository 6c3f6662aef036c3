"""Session factory used by the train and eval entry points below."""
import tensorflow as tf


def train_session(graph):
    tf.config.threading.set_intra_op_parallelism_threads(2)
    tf.config.set_soft_device_placement(True)
    return tf.compat.v1.Session(graph=graph)


def eval_session(graph):
    tf.config.threading.set_intra_op_parallelism_threads(2)
    tf.config.set_soft_device_placement(True)
    return tf.compat.v1.Session(graph=graph)


train_graph = tf.Graph()
with train_graph.as_default():
    step = tf.constant(1)

sess = train_session(train_graph)
print("train step", sess.run(step))
eval_sess = eval_session(train_graph)
print("eval step", eval_sess.run(step))
