import tensorflow as tf


def train_input():
    dataset = tf.data.Dataset.from_tensor_slices(({"x": tf.random.uniform((32, 4))}, tf.zeros((32,), tf.int32)))
    return tf.compat.v1.data.make_one_shot_iterator(dataset.batch(8)).get_next()
