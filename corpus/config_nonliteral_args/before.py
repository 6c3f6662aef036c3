import argparse

import tensorflow as tf

from trainer import build_model

parser = argparse.ArgumentParser()
parser.add_argument("--threads", type=int, default=0)
parser.add_argument("--soft-placement", action="store_true")
parser.add_argument("--allow-growth", action="store_true")


def main():
    args = parser.parse_args()
    config = tf.ConfigProto(intra_op_parallelism_threads=args.threads,
                            allow_soft_placement=args.soft_placement)
    config.gpu_options.allow_growth = args.allow_growth
    train_op = build_model()
    with tf.Session(config=config) as sess:
        sess.run(tf.global_variables_initializer())
        for _ in range(100):
            sess.run(train_op)


if __name__ == "__main__":
    main()
