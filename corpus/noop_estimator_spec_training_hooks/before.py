"""EstimatorSpec(training_hooks=...) with a custom SessionRunHook that counts steps."""
import numpy as np
import tensorflow.compat.v1 as tf

X = np.random.RandomState(15).rand(6, 2).astype("float32")
Y = X.sum(axis=1, keepdims=True)


class StepCounter(tf.train.SessionRunHook):
    def begin(self):
        self.steps = 0

    def after_run(self, run_context, run_values):
        self.steps += 1


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).repeat().batch(3)


def model_fn(features, labels, mode):
    output = tf.layers.dense(features, 1)
    loss = tf.losses.mean_squared_error(labels, output)
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, training_hooks=[StepCounter()])


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=4)
