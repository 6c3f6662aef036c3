"""Session settings shared by every training script (imported as `from common import ...`)."""
import tensorflow as tf

DEFAULT_GPU_FRACTION = 0.9


def get_session_config():
    config = tf.ConfigProto(allow_soft_placement=True,
                            intra_op_parallelism_threads=8)
    config.gpu_options.allow_growth = True
    return config
