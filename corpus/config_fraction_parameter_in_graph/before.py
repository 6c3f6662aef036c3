import argparse
import sys

import tensorflow as tf

import detect_face


def load_networks(gpu_memory_fraction):
    print("Creating networks and loading parameters")
    with tf.Graph().as_default():
        gpu_options = tf.GPUOptions(per_process_gpu_memory_fraction=gpu_memory_fraction)
        sess = tf.Session(config=tf.ConfigProto(gpu_options=gpu_options, log_device_placement=False))
        with sess.as_default():
            return detect_face.create_mtcnn(sess, None)


def parse_arguments(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--gpu_memory_fraction", type=float,
                        help="Upper bound on the amount of GPU memory that will be used by the process.", default=1.0)
    return parser.parse_args(argv)


if __name__ == "__main__":
    nets = load_networks(parse_arguments(sys.argv[1:]).gpu_memory_fraction)
