"""Preprocessing on the CPU, training on the GPU, each in its own session."""
import tensorflow as tf

preprocess = tf.Session(config=tf.ConfigProto(device_count={"GPU": 0}))
train = tf.Session()
print(preprocess.run(tf.constant(1)), train.run(tf.constant(2)))
