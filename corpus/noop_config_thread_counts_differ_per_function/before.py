import tensorflow as tf

from model import build_eval_graph, build_train_graph


def train(steps):
    config = tf.ConfigProto(intra_op_parallelism_threads=8)
    graph, train_op = build_train_graph()
    with tf.Session(graph=graph, config=config) as sess:
        for _ in range(steps):
            sess.run(train_op)


def evaluate():
    config = tf.ConfigProto(intra_op_parallelism_threads=1)
    graph, metric = build_eval_graph()
    with tf.Session(graph=graph, config=config) as sess:
        return sess.run(metric)


if __name__ == "__main__":
    train(1000)
    print(evaluate())
