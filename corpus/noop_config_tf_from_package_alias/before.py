"""A package that keeps its own alias of TF1's API (`tfv1`) and imports it everywhere:
the alias is defined in another module, so its configs are reported, not rewritten."""
import argparse

from mylib import tfv1 as tf
from .compat import tfv1


def export_graph(path):
    with tf.Session(config=tf.ConfigProto(allow_soft_placement=True)) as sess:
        sess.run(path)


def default_config():
    conf = tfv1.ConfigProto()
    conf.intra_op_parallelism_threads = 1
    return conf


def unrelated(proto):
    return proto.ConfigProto()  # a parameter's attribute: not reported


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    export_graph(parser.parse_args().path)
