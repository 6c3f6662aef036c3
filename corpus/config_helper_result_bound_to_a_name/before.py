import tensorflow as tf


def get_config_proto(log_device_placement=False, num_intra_threads=0):
    config_proto = tf.ConfigProto(log_device_placement=log_device_placement, allow_soft_placement=True)
    config_proto.gpu_options.allow_growth = True
    if num_intra_threads:
        config_proto.intra_op_parallelism_threads = num_intra_threads
    return config_proto


def create_train_session(hparams, graph):
    config_proto = get_config_proto(
        log_device_placement=hparams.log_device_placement,
        num_intra_threads=hparams.num_intra_threads)
    train_sess = tf.Session(config=config_proto, graph=graph)
    return train_sess
