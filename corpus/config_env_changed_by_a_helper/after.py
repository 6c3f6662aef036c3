"""One process per GPU: each worker pins its GPU before it opens a session."""
import os

import tensorflow as tf


def pin_gpu(index):
    os.environ["CUDA_VISIBLE_DEVICES"] = str(index)


def open_worker_session(index):
    pin_gpu(index)
    tf.config.threading.set_intra_op_parallelism_threads(1)
    for gpu in tf.config.list_physical_devices("GPU"):
        tf.config.experimental.set_memory_growth(gpu, True)
    return tf.compat.v1.Session()


if __name__ == "__main__":
    sess = open_worker_session(0)
    print(sess.list_devices())
