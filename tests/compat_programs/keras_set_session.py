"""The most common TF1-era Keras preamble: build a ConfigProto, hand it to a session,
give the session to Keras, then train. Unchanged except for the first import."""
import tfmigrate.compat  # noqa: F401  (the line a legacy entry point gains)

import json

import numpy as np
import tensorflow as tf
from keras import backend as K

config = tf.ConfigProto()
config.gpu_options.allow_growth = True
config.allow_soft_placement = True
config.intra_op_parallelism_threads = 2
config.inter_op_parallelism_threads = 3
config.device_count["CPU"] = 2
sess = tf.Session(config=config)  # LINE_OF_SESSION
K.set_session(sess)

model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
history = model.fit(np.ones((8, 3), "float32"), np.zeros((8, 1), "float32"), epochs=1, verbose=0)

# Code elsewhere in the program may place work on the second CPU the config asked for.
with tf.device("/cpu:1"):
    on_second_cpu = tf.constant([1.0, 2.0]) * 2

print("PROGRAM " + json.dumps({
    "loss": float(history.history["loss"][-1]),
    "device": on_second_cpu.device,
    "same_session": K.get_session() is sess,
}))
