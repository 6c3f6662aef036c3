"""A trainer in the cloud-job layout: train_and_evaluate with a LatestExporter whose
serving function makes placeholders; the program serves two rows from the newest export."""
import os
import tempfile

import numpy as np
import tensorflow as tf

WIDTH = 3
X = np.random.RandomState(8).rand(48, WIDTH).astype("float32")
Y = (X @ np.array([[0.5], [-1.5], [2.0]], dtype="float32") + 0.25).astype("float32")


def input_fn(mode):
    dataset = tf.data.Dataset.from_tensor_slices(({"readings": X}, Y))
    if mode == tf.estimator.ModeKeys.TRAIN:
        dataset = dataset.repeat()
    return dataset.batch(12)


def model_fn(features, labels, mode):
    value = tf.compat.v1.layers.dense(features["readings"], 1,
                                      kernel_initializer=tf.compat.v1.zeros_initializer())
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"value": value})
    loss = tf.compat.v1.losses.mean_squared_error(labels, value)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.2).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def serving_input_fn():
    readings = tf.compat.v1.placeholder(tf.float32, [None, WIDTH])
    return tf.estimator.export.ServingInputReceiver({"readings": readings}, {"readings": readings})


def train_and_evaluate(output_dir):
    estimator = tf.estimator.Estimator(model_fn, model_dir=output_dir)
    train_spec = tf.estimator.TrainSpec(input_fn=lambda: input_fn(tf.estimator.ModeKeys.TRAIN), max_steps=20)
    exporter = tf.estimator.LatestExporter("exporter", serving_input_fn)
    eval_spec = tf.estimator.EvalSpec(input_fn=lambda: input_fn(tf.estimator.ModeKeys.EVAL), steps=None,
                                      exporters=exporter, throttle_secs=1)
    return tf.estimator.train_and_evaluate(estimator, train_spec, eval_spec)


output_dir = os.path.join(tempfile.mkdtemp(), "trained")
metrics, exports = train_and_evaluate(output_dir)
print("metrics", metrics)
export_base = os.path.join(output_dir, "export", "exporter")
newest = os.path.join(export_base, sorted(os.listdir(export_base))[-1])
print("exported", len(exports), exports[0].decode() == newest)
serve = tf.saved_model.load(newest).signatures["serving_default"]
print("inputs", sorted(serve.structured_input_signature[1]))
served = serve(readings=tf.constant(X[:2]))
print("served", {key: np.round(value.numpy(), 5).ravel().tolist() for key, value in sorted(served.items())})
