import tensorflow as tf


def make_session():
    gpu_options = tf.GPUOptions(allocator_type="BFC", allow_growth=True)
    config = tf.ConfigProto(gpu_options=gpu_options, log_device_placement=False)
    sess = tf.Session(config=config)
    return sess


if __name__ == "__main__":
    session = make_session()
    print(session.run(tf.constant("ready")))
