import tensorflow as tf

from utils import get_config

config = get_config()
config.gpu_options.per_process_gpu_memory_fraction = 0.5  # the caller adds its own setting
sess = tf.Session(config=config)
