"""A TF 1.4 job: the session takes the ConfigProto that contrib.learn's RunConfig builds,
which is written out and becomes tf.config calls."""
import tensorflow as tf

run_config = tf.contrib.learn.RunConfig(gpu_memory_fraction=0.3, tf_random_seed=1)
images = tf.placeholder(tf.float32, [None, 784])
with tf.Session(config=run_config.tf_config) as sess:
    sess.run(tf.global_variables_initializer())
