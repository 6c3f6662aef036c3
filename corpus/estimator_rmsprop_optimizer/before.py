"""RMSPropOptimizer in a model_fn: TF1's mean square starts at 1, which the Keras optimizer must keep."""
import numpy as np
import tensorflow.compat.v1 as tf

X = np.random.RandomState(10).rand(8, 3).astype("float32")
Y = X @ np.array([[1.0], [-2.0], [0.5]], dtype="float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).repeat().batch(4)


def model_fn(features, labels, mode):
    prediction = tf.layers.dense(features, 1, kernel_initializer=tf.zeros_initializer())
    loss = tf.losses.mean_squared_error(labels, prediction)
    optimizer = tf.train.RMSPropOptimizer(learning_rate=0.01, decay=0.9, momentum=0.5)
    train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=5)
print(estimator.evaluate(input_fn, steps=1)["loss"])
