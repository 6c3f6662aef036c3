"""Train and predict entry points of one script: which one runs, and whether both run in
one process, is decided on the command line."""
import argparse

import tensorflow as tf

from model import build_graph, load_batches


def train(checkpoint, growth):
    graph, train_op, saver = build_graph(training=True)
    sess = tf.Session(graph=graph, config=tf.ConfigProto(gpu_options=tf.GPUOptions(allow_growth=growth)))
    for batch in load_batches("train"):
        sess.run(train_op, feed_dict=batch)
    saver.save(sess, checkpoint)


def predict(checkpoint):
    graph, outputs, saver = build_graph(training=False)
    sess = tf.Session(graph=graph, config=tf.ConfigProto(gpu_options=tf.GPUOptions(allow_growth=True)))
    saver.restore(sess, checkpoint)
    return [sess.run(outputs, feed_dict=batch) for batch in load_batches("test")]


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["train", "predict", "both"])
    parser.add_argument("--allow-growth", action="store_true")
    args = parser.parse_args()
    if args.mode in ("train", "both"):
        train("/tmp/model.ckpt", args.allow_growth)
    if args.mode in ("predict", "both"):
        print(predict("/tmp/model.ckpt"))
