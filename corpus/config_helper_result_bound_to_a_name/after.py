import tensorflow as tf


def get_config_proto(log_device_placement=False, num_intra_threads=0):
    if num_intra_threads:
        tf.config.threading.set_intra_op_parallelism_threads(num_intra_threads)
    for gpu in tf.config.list_physical_devices("GPU"):
        tf.config.experimental.set_memory_growth(gpu, True)
    tf.config.set_soft_device_placement(True)
    tf.debugging.set_log_device_placement(log_device_placement)


def create_train_session(hparams, graph):
    get_config_proto(
        log_device_placement=hparams.log_device_placement,
        num_intra_threads=hparams.num_intra_threads)
    train_sess = tf.compat.v1.Session(graph=graph)
    return train_sess
