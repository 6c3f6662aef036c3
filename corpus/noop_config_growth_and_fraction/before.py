import tensorflow as tf

from model import build_model

# Grow on demand, but never past 40% of the card (shared with the inference server).
gpu_options = tf.GPUOptions(allow_growth=True, per_process_gpu_memory_fraction=0.4)
config = tf.ConfigProto(gpu_options=gpu_options)

train_op = build_model()
with tf.Session(config=config) as sess:
    sess.run(tf.global_variables_initializer())
    sess.run(train_op)
