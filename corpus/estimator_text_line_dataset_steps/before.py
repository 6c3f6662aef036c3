"""Training from a CSV file read with TextLineDataset, twice: tf.data cannot know the
dataset's length, and Keras counts one iteration more when such a dataset runs out, so the
model puts back the steps really taken (evaluate()'s global_step is TF1's)."""
import os
import tempfile

import numpy as np
import tensorflow as tf

rng = np.random.RandomState(3)
ROWS = rng.uniform(-1.0, 1.0, size=(50, 2)).astype(np.float32)
CSV = os.path.join(tempfile.mkdtemp(), "rows.csv")
with open(CSV, "w") as f:
    for a, b in ROWS:
        f.write("%.4f,%.4f,%.4f\n" % (a, b, 2.0 * a - b + 0.5))


def input_fn():
    def parse(line):
        a, b, target = tf.io.decode_csv(line, record_defaults=[[0.0], [0.0], [0.0]])
        return {"a": a, "b": b}, target

    return tf.data.TextLineDataset(CSV).map(parse).batch(8)


def model_fn(features, labels, mode):
    inputs = tf.stack([features["a"], features["b"]], axis=1)
    output = tf.compat.v1.layers.dense(inputs, 1, kernel_initializer=tf.compat.v1.constant_initializer([[0.3], [0.2]]))
    loss = tf.compat.v1.losses.mean_squared_error(tf.reshape(labels, [-1, 1]), output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn)
for _ in range(2):
    estimator.train(input_fn)
print("eval", estimator.evaluate(input_fn))
