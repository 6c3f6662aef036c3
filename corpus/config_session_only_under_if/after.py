import argparse

import tensorflow as tf

from model import build_graph, evaluate

parser = argparse.ArgumentParser()
parser.add_argument("--train", action="store_true")
args = parser.parse_args()

graph = build_graph()
if args.train:
    # Only training needs the session settings; evaluation uses its own process.
    tf.config.threading.set_inter_op_parallelism_threads(2)
    for gpu in tf.config.list_physical_devices("GPU"):
        tf.config.experimental.set_memory_growth(gpu, True)
    tf.config.set_soft_device_placement(True)
    with tf.compat.v1.Session(graph=graph) as sess:
        sess.run(graph.get_operation_by_name("train"))
else:
    evaluate(graph)
