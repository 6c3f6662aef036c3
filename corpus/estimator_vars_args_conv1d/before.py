"""params from vars(args); a conv1d regressor whose PREDICT test is written with !=; Huber loss."""
import argparse

import numpy as np
import tensorflow.compat.v1 as tf

parser = argparse.ArgumentParser()
parser.add_argument("--filters", type=int, default=3)
parser.add_argument("--learning_rate", type=float, default=0.05)
args = parser.parse_args([])

SERIES = np.sin(np.linspace(0.0, 6.0, 40)).reshape(4, 10, 1).astype("float32")
TARGETS = SERIES.mean(axis=(1, 2)).reshape(4, 1)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((SERIES, TARGETS)).batch(2)


def model_fn(features, labels, mode, params):
    net = tf.layers.conv1d(features, params["filters"], kernel_size=3, activation=tf.nn.relu)
    net = tf.layers.average_pooling1d(net, pool_size=2, strides=2)
    net = tf.layers.flatten(net)
    output = tf.layers.dense(net, 1)
    if mode != tf.estimator.ModeKeys.PREDICT:
        loss = tf.losses.huber_loss(labels=labels, predictions=output, delta=0.5)
        lr = tf.train.polynomial_decay(params["learning_rate"], tf.train.get_global_step(), 20, end_learning_rate=0.001)
        train_op = tf.train.AdamOptimizer(lr).minimize(loss, global_step=tf.train.get_global_step())
        metrics = {
            "mae": tf.metrics.mean_absolute_error(labels, output),
            "rmse": tf.metrics.root_mean_squared_error(labels, output),
        }
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)
    return tf.estimator.EstimatorSpec(mode, predictions={"value": output})


regressor = tf.estimator.Estimator(model_fn, params=vars(args))
regressor.train(input_fn, steps=5)
scores = regressor.evaluate(input_fn)
print("mae", scores["mae"], "rmse", scores["rmse"])
