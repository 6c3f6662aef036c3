import tensorflow as tf
from tensorflow.keras import backend as K


def freeze(model, path):
    sess = K.get_session()
    graph = tf.graph_util.convert_variables_to_constants(
        sess, sess.graph.as_graph_def(), [out.op.name for out in model.outputs])
    tf.train.write_graph(graph, path, "frozen.pb", as_text=False)
