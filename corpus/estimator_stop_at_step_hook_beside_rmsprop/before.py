import tensorflow.compat.v1 as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[1.0], [2.0]], [[2.0], [4.0]])).batch(1)


def model_fn(features, labels, mode):
    output = tf.layers.dense(features, 1)
    loss = tf.losses.mean_squared_error(labels=labels, predictions=output)
    train_op = tf.train.RMSPropOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def linear_fn(features, labels, mode):
    output = tf.layers.dense(features, 1)
    loss = tf.losses.mean_squared_error(labels=labels, predictions=output)
    train_op = tf.train.GradientDescentOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


strategy = tf.distribute.MirroredStrategy()
rmsprop = tf.estimator.Estimator(model_fn, config=tf.estimator.RunConfig(train_distribute=strategy))
rmsprop.train(input_fn, steps=10)

other = tf.distribute.MirroredStrategy()
hooked = tf.estimator.Estimator(linear_fn, config=tf.estimator.RunConfig(train_distribute=other))
hooked.train(input_fn, hooks=[tf.train.StopAtStepHook(last_step=10)])
