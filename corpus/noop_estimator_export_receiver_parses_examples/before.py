"""The receiver function parses serialized tf.Examples itself: tfmigrate writes serving
endpoints only for receivers made of placeholders, so the export stays reported."""
import os
import tempfile

import numpy as np
import tensorflow as tf

X = np.random.RandomState(16).rand(40, 2).astype("float32")
Y = X.sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(8)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features["x"], 1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"value": output})
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def serving_input_receiver_fn():
    serialized = tf.compat.v1.placeholder(tf.string, [None], name="examples")
    parsed = tf.io.parse_example(serialized, {"x": tf.io.FixedLenFeature([2], tf.float32)})
    return tf.estimator.export.ServingInputReceiver(parsed, {"examples": serialized})


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=10)
estimator.export_saved_model(os.path.join(tempfile.mkdtemp(), "export"), serving_input_receiver_fn)
