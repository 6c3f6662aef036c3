"""A TF1 Estimator configured through RunConfig(session_config=...) (TF <= 2.15 only)."""
import tfmigrate.compat  # noqa: F401

import json
import tempfile

import tensorflow as tf

config = tf.ConfigProto(allow_soft_placement=True, inter_op_parallelism_threads=2, device_count={"CPU": 2})
config.gpu_options.allow_growth = True
run_config = tf.estimator.RunConfig(model_dir=tempfile.mkdtemp(), session_config=config)  # LINE_OF_RUN_CONFIG
run_config = run_config.replace(session_config=config)  # the same settings again: nothing new
# A session-level option: the Estimator's sessions still honour it, so no warning.
timeouts = tf.estimator.RunConfig(session_config=tf.ConfigProto(operation_timeout_in_ms=60000))


def input_fn():
    features = [[1.0, 1.5], [2.0, 2.5], [3.0, 3.5], [4.0, 4.5]]
    labels = [[0.3], [0.5], [0.7], [0.9]]
    return tf.data.Dataset.from_tensor_slices((features, labels)).repeat().batch(2)


def model_fn(features, labels, mode):
    predictions = tf.compat.v1.layers.Dense(1)(features)
    loss = tf.compat.v1.losses.mean_squared_error(labels=labels, predictions=predictions)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.05).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn=model_fn, config=run_config)
estimator.train(input_fn, steps=3)
print("PROGRAM " + json.dumps({"global_step": int(estimator.get_variable_value("global_step"))}))
