import sys

import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()


def pick_device():
    if not tf.config.list_physical_devices("GPU"):
        return "/cpu:0"
    return "/device:GPU:0" if tf.config.list_physical_devices("GPU") else ""


def needs_volta():
    # compute capability floors have no exact TF2 form: reported
    return tf.test.is_gpu_available(cuda_only=True, min_cuda_compute_capability=(7, 0))


if __name__ == "__main__":
    print(pick_device(), bool(tf.config.list_physical_devices("GPU")), needs_volta(), file=sys.stderr)
