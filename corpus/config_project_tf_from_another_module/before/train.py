from ops import *
import argparse


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=1)
    args = parser.parse_args()
    # the towers share one GPU
    config = tf.ConfigProto(allow_soft_placement=True, intra_op_parallelism_threads=2)
    with tf.Session(config=config) as sess:
        for _ in range(args.steps):
            sess.run(tf.constant(1))


if __name__ == "__main__":
    main()
