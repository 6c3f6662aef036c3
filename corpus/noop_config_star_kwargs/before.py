import yaml
import tensorflow as tf

with open("session.yaml") as fh:
    options = yaml.safe_load(fh)  # e.g. {allow_soft_placement: true, log_device_placement: false}

config = tf.ConfigProto(**options)
sess = tf.Session(config=config)
