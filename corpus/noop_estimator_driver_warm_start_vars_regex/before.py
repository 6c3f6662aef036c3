"""Warm start of the variables under one scope (vars_to_warm_start is a regular expression
over TF1 variable names): Keras names its weights otherwise, so the fine-tune is reported,
and the pre-training, which shares its model_fn, is left as it is with it."""
import tempfile

import numpy as np
import tensorflow as tf

BASE_DIR = tempfile.mkdtemp()
FEATURES = np.random.RandomState(17).rand(20, 2).astype("float32")
TARGETS = FEATURES.sum(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, TARGETS)).repeat().batch(5)


def model_fn(features, labels, mode):
    with tf.compat.v1.variable_scope("body"):
        hidden = tf.compat.v1.layers.dense(features, 3, activation=tf.nn.relu)
    output = tf.compat.v1.layers.dense(hidden, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


base = tf.estimator.Estimator(model_fn=model_fn, model_dir=BASE_DIR)
base.train(input_fn, steps=4)
body_only = tf.estimator.WarmStartSettings(ckpt_to_initialize_from=BASE_DIR, vars_to_warm_start="body/.*")
tuned = tf.estimator.Estimator(model_fn=model_fn, warm_start_from=body_only)
tuned.train(input_fn, steps=4)
