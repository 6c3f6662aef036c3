import tensorflow as tf

from model import build_big_model

config = tf.ConfigProto()
# The model does not fit in 16 GB: oversubscribe through CUDA unified memory.
config.gpu_options.per_process_gpu_memory_fraction = 2.0
config.allow_soft_placement = True

loss = build_big_model()
with tf.Session(config=config) as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(loss))
