"""The share given to the RunConfig is bound again before its tf_config is read: the
RunConfig kept the first value, so moving the name would change it; reported."""
import tensorflow as tf

share = 0.3
config = tf.contrib.learn.RunConfig(gpu_memory_fraction=share)
share = 0.9
session = tf.Session(config=config.tf_config)
