import tensorflow as tf


def make_session():
    for gpu in tf.config.list_physical_devices("GPU"):
        tf.config.experimental.set_memory_growth(gpu, True)
    tf.debugging.set_log_device_placement(False)
    sess = tf.compat.v1.Session()
    return sess


if __name__ == "__main__":
    session = make_session()
    print(session.run(tf.constant("ready")))
