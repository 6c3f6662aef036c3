"""One process per GPU: each worker pins its GPU before it opens a session."""
import os

import tensorflow as tf


def pin_gpu(index):
    os.environ["CUDA_VISIBLE_DEVICES"] = str(index)


def open_worker_session(index):
    config = tf.ConfigProto(intra_op_parallelism_threads=1)
    config.gpu_options.allow_growth = True
    pin_gpu(index)
    return tf.Session(config=config)


if __name__ == "__main__":
    sess = open_worker_session(0)
    print(sess.list_devices())
