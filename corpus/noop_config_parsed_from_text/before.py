import tensorflow as tf
from google.protobuf import text_format

SESSION_CONFIG_TEXT = """
allow_soft_placement: true
gpu_options { allow_growth: true }
"""

config = text_format.Parse(SESSION_CONFIG_TEXT, tf.ConfigProto())
sess = tf.Session(config=config)
