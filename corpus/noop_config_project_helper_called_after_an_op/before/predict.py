import tensorflow as tf

import utils

scale = tf.constant(2.0)  # runs at once in TF2: the runtime has started
sess = tf.Session(config=utils.session_config())
