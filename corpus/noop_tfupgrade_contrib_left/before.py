"""tf.contrib has no TF2 form the script can write: it reports an error, so none of its
edits to this file are kept, and tfmigrate says why (TFM401)."""
import tensorflow as tf

inputs = tf.placeholder(tf.float32, [None, 20, 8])
cell = tf.contrib.rnn.LayerNormBasicLSTMCell(16)
outputs, state = tf.nn.dynamic_rnn(cell, inputs, dtype=tf.float32)
