import tensorflow as tf
config = tf.ConfigProto(allow_soft_placement=False, log_device_placement=True, intra_op_parallelism_threads=2, device_count={'CPU': 2})
sess = tf.Session(config=config)
