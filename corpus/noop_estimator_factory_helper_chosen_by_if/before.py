"""A model_fn factory that picks one of two network helpers with an `if`: which layers the
model has is decided by the factory's argument, which tfmigrate does not follow."""
import tensorflow.compat.v1 as tf


def make_model_fn(deep):
    if deep:
        def network(x):
            return tf.layers.dense(tf.layers.dense(x, 8, activation=tf.nn.relu), 1)
    else:
        def network(x):
            return tf.layers.dense(x, 1)

    def model_fn(features, labels, mode):
        output = network(features["x"])
        loss = tf.losses.mean_squared_error(labels, output)
        train_op = tf.train.AdamOptimizer().minimize(loss, global_step=tf.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)

    return model_fn


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[0.2], [0.4]]}, [[1.0], [2.0]])).repeat(4).batch(2)


estimator = tf.estimator.Estimator(make_model_fn(deep=True))
estimator.train(input_fn)
