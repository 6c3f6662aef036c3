"""Dense layers initialized by TF1's variance-scaling initializers (He-style fan-in, and a
uniform over the average fan): Keras's VarianceScaling draws from the same distributions."""
import numpy as np
import tensorflow as tf

POINTS = np.random.RandomState(2).rand(48, 4).astype(np.float32)
TIMES = POINTS @ np.array([[3.0], [1.0], [-2.0], [0.5]], dtype=np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": POINTS}, TIMES)).batch(16)


def model_fn(features, labels, mode):
    net = tf.compat.v1.layers.dense(features["x"], 16, activation=tf.nn.relu,
                                    kernel_initializer=tf.compat.v1.variance_scaling_initializer(scale=2.0))
    net = tf.compat.v1.layers.dense(net, 8, activation=tf.nn.relu,
                                    kernel_initializer=tf.compat.v1.initializers.he_normal())
    output = tf.compat.v1.layers.dense(net, 1, kernel_initializer=tf.compat.v1.variance_scaling_initializer(
        mode="fan_avg", distribution="uniform"))
    loss = tf.compat.v1.losses.absolute_difference(labels, output)
    train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


regressor = tf.estimator.Estimator(model_fn=model_fn)
regressor.train(input_fn, steps=6)
print("eval", regressor.evaluate(input_fn))
