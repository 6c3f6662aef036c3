"""A migrated module runs eager code first; a legacy one configures a session after it.
TF1 semantics cannot be had any more for threads and devices: the program must keep
running and say so, once per setting."""
import tfmigrate.compat  # noqa: F401

import json
import os

import tensorflow as tf

warm_up = tf.reduce_sum(tf.ones([4]))  # starts TensorFlow's runtime

config = tf.ConfigProto(inter_op_parallelism_threads=2, device_count={"CPU": 2}, log_device_placement=True)
first = tf.Session(config=config)  # LINE_OF_CONFIG
second = tf.Session(config=config)  # the same settings again: no second warning

os.environ["CUDA_VISIBLE_DEVICES"] = "0"  # no GPU here: nothing to warn about

print("PROGRAM " + json.dumps({"warm_up": float(warm_up), "log_placement": tf.debugging.get_log_device_placement()}))
