import sys

import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()


def pick_device():
    if not tf.test.is_gpu_available():
        return "/cpu:0"
    return tf.test.gpu_device_name()


def needs_volta():
    # compute capability floors have no exact TF2 form: reported
    return tf.test.is_gpu_available(cuda_only=True, min_cuda_compute_capability=(7, 0))


if __name__ == "__main__":
    print(pick_device(), tf.test.is_gpu_available(True), needs_volta(), file=sys.stderr)
