import tensorflow as tf

from pipeline import make_iterator

tf.config.threading.set_intra_op_parallelism_threads(8)
for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)

next_element = make_iterator("/data/shards/*.tfrecord").get_next()
with tf.compat.v1.Session() as sess:
    while True:
        try:
            sess.run(next_element)
        except tf.errors.OutOfRangeError:
            break
