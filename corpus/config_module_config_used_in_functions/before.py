"""Session factory used by the train and eval entry points below."""
import tensorflow as tf

SESSION_CONFIG = tf.ConfigProto(intra_op_parallelism_threads=2,
                                allow_soft_placement=True)


def train_session(graph):
    return tf.Session(graph=graph, config=SESSION_CONFIG)


def eval_session(graph):
    return tf.Session(graph=graph, config=SESSION_CONFIG)


train_graph = tf.Graph()
with train_graph.as_default():
    step = tf.constant(1)

sess = train_session(train_graph)
print("train step", sess.run(step))
eval_sess = eval_session(train_graph)
print("eval step", eval_sess.run(step))
