"""tf.contrib.learn's own Estimator read the RunConfig's tf_config; the whole contrib.learn
stack is gone, so it is reported."""
import tensorflow as tf


def model_fn(features, targets, mode):
    prediction = tf.contrib.layers.fully_connected(features, 1, activation_fn=None)
    loss = tf.losses.mean_squared_error(targets, prediction)
    train_op = tf.contrib.layers.optimize_loss(loss, tf.train.get_global_step(), 0.1, "SGD")
    return tf.contrib.learn.ModelFnOps(mode, predictions=prediction, loss=loss, train_op=train_op)


config = tf.contrib.learn.RunConfig(gpu_memory_fraction=0.5)
regressor = tf.contrib.learn.Estimator(model_fn=model_fn, config=config)
