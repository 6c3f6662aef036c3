import os

import tensorflow as tf

# SOFT_PLACEMENT is "true" or "false"; ConfigProto wants a bool.
config = tf.ConfigProto(allow_soft_placement=os.environ.get("SOFT_PLACEMENT", "true") == "true",
                        log_device_placement="yes")

with tf.Session(config=config) as sess:
    print(sess.run(tf.constant("placement configured")))
