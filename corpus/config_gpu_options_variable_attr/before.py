import tensorflow as tf

from pipeline import make_iterator

gpu_options = tf.GPUOptions()
gpu_options.allow_growth = True
config = tf.ConfigProto(gpu_options=gpu_options, intra_op_parallelism_threads=8)

next_element = make_iterator("/data/shards/*.tfrecord").get_next()
with tf.Session(config=config) as sess:
    while True:
        try:
            sess.run(next_element)
        except tf.errors.OutOfRangeError:
            break
