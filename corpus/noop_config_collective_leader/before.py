import json
import os

import tensorflow as tf

tf_config = json.loads(os.environ["TF_CONFIG"])
config = tf.ConfigProto()
config.experimental.collective_group_leader = "/job:worker/replica:0/task:0"
config.gpu_options.allow_growth = True

with tf.Session(config=config) as sess:
    print(tf_config["task"], sess.list_devices())
