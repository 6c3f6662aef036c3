"""A model_fn factory that builds a list of layer sizes in a loop before defining the
model_fn: the factory runs code tfmigrate does not follow. Left as it is, reported."""
import tensorflow.compat.v1 as tf


def make_model_fn(depth):
    sizes = []
    for level in range(depth):
        sizes.append(2 ** (depth - level))

    def model_fn(features, labels, mode):
        net = features["x"]
        for size in sizes:
            net = tf.layers.dense(net, size, activation=tf.nn.relu)
        output = tf.layers.dense(net, 1)
        loss = tf.losses.mean_squared_error(labels, output)
        train_op = tf.train.AdamOptimizer().minimize(loss, global_step=tf.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)

    return model_fn


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0, 0.5]]}, [[2.0]])).repeat(5).batch(1)


estimator = tf.estimator.Estimator(make_model_fn(3))
estimator.train(input_fn)
