import tensorflow.compat.v1 as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[1.0], [2.0]], [[2.0], [4.0]])).batch(1)


def model_fn(features, labels, mode):
    output = tf.layers.dense(features, 1)
    loss = tf.losses.mean_squared_error(labels=labels, predictions=output)
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, predictions=output)


def predicting_fn(features, labels, mode):
    output = tf.layers.dense(features, 1)
    loss = tf.losses.mean_squared_error(labels=labels, predictions=output)
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, predictions=output)


single = tf.estimator.Estimator(model_fn)
single.train(input_fn, steps=5)

strategy = tf.distribute.MirroredStrategy()
config = tf.estimator.RunConfig(train_distribute=strategy, eval_distribute=strategy)
predicting = tf.estimator.Estimator(predicting_fn, config=config)
predicting.train(input_fn, steps=5)
print(list(predicting.predict(input_fn)))
