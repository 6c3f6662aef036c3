"""TensorFlow is loaded lazily, after the environment it reads at import is set."""
import os

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "2"


def make_session():
    from tensorflow.compat.v1 import Session

    import tensorflow as tf
    tf.config.threading.set_inter_op_parallelism_threads(2)
    tf.debugging.set_log_device_placement(True)
    return Session()


if __name__ == "__main__":
    sess = make_session()
    print(sess.list_devices())
