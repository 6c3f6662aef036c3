import argparse

import tensorflow as tf

from model import build_graph, evaluate

parser = argparse.ArgumentParser()
parser.add_argument("--train", action="store_true")
args = parser.parse_args()

config = tf.ConfigProto(inter_op_parallelism_threads=2, allow_soft_placement=True)
config.gpu_options.allow_growth = True

graph = build_graph()
if args.train:
    # Only training needs the session settings; evaluation uses its own process.
    with tf.Session(graph=graph, config=config) as sess:
        sess.run(graph.get_operation_by_name("train"))
else:
    evaluate(graph)
