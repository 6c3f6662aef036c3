import tensorflow as tf


class Predictor:
    CONFIG = tf.ConfigProto(intra_op_parallelism_threads=1, inter_op_parallelism_threads=1)

    def __init__(self, graph):
        self.sess = tf.Session(graph=graph, config=self.CONFIG)

    def predict(self, fetches, feed):
        return self.sess.run(fetches, feed)
