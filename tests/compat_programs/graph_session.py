"""A graph-mode TF1 script, step one of a migration (compat.v1 + disable_v2_behavior),
with GPU options that a CPU-only machine must ignore silently, as TensorFlow does."""
import tfmigrate.compat  # noqa: F401

import json

import tensorflow.compat.v1 as tf

tf.disable_v2_behavior()

x = tf.placeholder(tf.float32, shape=[None])
y = tf.reduce_sum(x * 2.0)

gpu_options = tf.GPUOptions(per_process_gpu_memory_fraction=0.4, allow_growth=True, visible_device_list="0")
config = tf.ConfigProto(gpu_options=gpu_options, log_device_placement=True, allow_soft_placement=True,
                        device_count={"GPU": 0})
with tf.Session(config=config) as sess:
    total = sess.run(y, feed_dict={x: [1.0, 2.0, 3.0]})

interactive = tf.InteractiveSession()
again = y.eval(feed_dict={x: [1.0]})
interactive.close()

print("PROGRAM " + json.dumps({"total": float(total), "again": float(again)}))
