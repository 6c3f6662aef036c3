import tensorflow as tf

from model import build_model

graph = tf.Graph()
with graph.as_default():
    train_op, init_op, saver = build_model()

tf.config.threading.set_inter_op_parallelism_threads(4)
manager = tf.train.SessionManager(graph=graph)
sess = manager.prepare_session("", init_op=init_op, saver=saver, checkpoint_dir="/tmp/ckpt")
sess.run(train_op)
