import tensorflow.compat.v1 as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[1.0], [2.0]], [[2.0], [4.0]])).batch(1)


def model_fn(features, labels, mode):
    output = tf.layers.dense(features, 1)
    loss = tf.losses.mean_squared_error(labels=labels, predictions=output)
    optimizer = tf.train.GradientDescentOptimizer(0.1)
    gradients = optimizer.compute_gradients(loss)
    clipped = [(tf.clip_by_norm(g, 1.0), v) for g, v in gradients]
    train_op = optimizer.apply_gradients(clipped, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


strategy = tf.distribute.MirroredStrategy()
config = tf.estimator.RunConfig(train_distribute=strategy)
estimator = tf.estimator.Estimator(model_fn=model_fn, config=config)
estimator.train(input_fn, steps=10)
