"""A regression model_fn whose loss is written with TF ops: the mean squared error by hand."""
import numpy as np
import tensorflow as tf

AREA = np.random.RandomState(21).rand(60, 2).astype("float32")
PRICE = (AREA @ np.array([2.0, -1.0], dtype="float32") + 0.3).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"area": AREA}, PRICE)).repeat(4).batch(10)  # in order: the same batches


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features["area"], 1, kernel_initializer=tf.compat.v1.zeros_initializer())
    predictions = tf.reshape(output, [-1])
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"price": predictions})
    labels = tf.cast(labels, tf.float32)
    loss = tf.reduce_mean(tf.square(predictions - labels))
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.2).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    rmse = tf.compat.v1.metrics.root_mean_squared_error(labels, predictions)
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops={"rmse": rmse})


regressor = tf.estimator.Estimator(model_fn)
regressor.train(input_fn)
print(regressor.evaluate(input_fn))
