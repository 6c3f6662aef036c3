import tensorflow as tf

# -1: run every op in the caller's thread (deterministic profiling).
config = tf.ConfigProto(inter_op_parallelism_threads=-1)

with tf.Session(config=config) as sess:
    print(sess.run(tf.constant([1, 2, 3]) * 2))
