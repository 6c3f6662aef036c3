"""Batch scoring job: pins the thread pools so it can share a host with other jobs."""
import os

import numpy as np
import tensorflow as tf

NUM_FEATURES = 8


def build_graph():
    graph = tf.Graph()
    with graph.as_default():
        features = tf.constant(np.random.rand(4, NUM_FEATURES).astype(np.float32))
        weights = tf.constant(np.ones((NUM_FEATURES, 1), dtype=np.float32))
        scores = tf.nn.sigmoid(tf.matmul(features, weights))
    return graph, scores


config = tf.ConfigProto()
# One op at a time, but each op may use four threads.
config.intra_op_parallelism_threads = 4
config.inter_op_parallelism_threads = 1  # the scheduler thread

graph, scores = build_graph()
sess = tf.Session(graph=graph, config=config)
print("scores:", sess.run(scores).ravel(), "pid", os.getpid())
