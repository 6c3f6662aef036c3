import argparse

import tensorflow as tf

from trainer import build_model

parser = argparse.ArgumentParser()
parser.add_argument("--threads", type=int, default=0)
parser.add_argument("--soft-placement", action="store_true")
parser.add_argument("--allow-growth", action="store_true")


def main():
    args = parser.parse_args()
    tf.config.threading.set_intra_op_parallelism_threads(args.threads)
    for gpu in tf.config.list_physical_devices("GPU"):
        tf.config.experimental.set_memory_growth(gpu, args.allow_growth)
    tf.config.set_soft_device_placement(args.soft_placement)
    train_op = build_model()
    with tf.compat.v1.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for _ in range(100):
            sess.run(train_op)


if __name__ == "__main__":
    main()
