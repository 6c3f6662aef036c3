"""MomentumOptimizer with an exponentially decaying rate: TF1 scales its accumulated gradients by the current rate."""
import numpy as np
import tensorflow.compat.v1 as tf

X = np.random.RandomState(22).rand(8, 3).astype("float32")
Y = X.sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).repeat().batch(4)


def model_fn(features, labels, mode):
    output = tf.layers.dense(features, 1)
    loss = tf.losses.mean_squared_error(labels, output)
    global_step = tf.train.get_global_step()
    learning_rate = tf.train.exponential_decay(0.1, global_step, decay_steps=2, decay_rate=0.5)
    optimizer = tf.train.MomentumOptimizer(learning_rate, momentum=0.9)
    train_op = optimizer.minimize(loss, global_step=global_step)
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=6)
