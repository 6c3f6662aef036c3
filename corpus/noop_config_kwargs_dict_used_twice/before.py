import json

import tensorflow as tf

options = {"allow_soft_placement": True, "inter_op_parallelism_threads": 2}
config = tf.ConfigProto(**options)
print(json.dumps(options))  # logged with the run's parameters
sess = tf.Session(config=config)
