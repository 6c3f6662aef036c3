"""The input_fn returns what a helper builds, and the helper returns the next element of an
initializable iterator (tensors, not a Dataset): Keras needs the Dataset, so the pipeline
is left as it is."""
import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(13).rand(20, 2).astype("float32")
TARGETS = FEATURES.sum(axis=1, keepdims=True)


def make_batches(x, y):
    dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(5)
    iterator = tf.compat.v1.data.make_initializable_iterator(dataset)
    return iterator.get_next()


def input_fn():
    return make_batches(FEATURES, TARGETS)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn=model_fn)
estimator.train(input_fn, steps=4)
