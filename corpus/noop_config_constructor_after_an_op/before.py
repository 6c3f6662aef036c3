"""A predictor that owns its session, built after the vocabulary tensor."""
import tensorflow as tf


class Predictor:
    def __init__(self, threads):
        config = tf.ConfigProto(intra_op_parallelism_threads=threads)
        self.sess = tf.Session(config=config)

    def predict(self, x):
        return self.sess.run(tf.reduce_sum(x))


vocabulary = tf.constant(["a", "b", "c"])
predictor = Predictor(2)
print(predictor.predict([1.0, 2.0]))
