"""Train into a model directory, then say where the newest checkpoint is."""
import tempfile

import tensorflow as tf


def input_fn():
    points = [[0.0], [1.0], [2.0], [3.0]]
    return tf.data.Dataset.from_tensor_slices((points, [[1.0], [3.0], [5.0], [7.0]])).batch(2).repeat()


def line_fn(features, labels, mode):
    fitted = tf.compat.v1.layers.dense(features, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, fitted)
    step = tf.compat.v1.train.GradientDescentOptimizer(0.05).minimize(loss, tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=step)


model_dir = tempfile.mkdtemp()
line = tf.estimator.Estimator(line_fn, config=tf.estimator.RunConfig(model_dir=model_dir))
line.train(input_fn, steps=20)
newest = line.latest_checkpoint()
print("checkpoint written:", newest is not None)
