from ops import *
import argparse


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=1)
    args = parser.parse_args()
    # the towers share one GPU
    tf.config.threading.set_intra_op_parallelism_threads(2)
    tf.config.set_soft_device_placement(True)
    with tf.compat.v1.Session() as sess:
        for _ in range(args.steps):
            sess.run(tf.constant(1))


if __name__ == "__main__":
    main()
