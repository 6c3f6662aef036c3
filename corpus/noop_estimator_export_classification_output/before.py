"""The model_fn names a ClassificationOutput signature for serving, which Keras's export does
not write from the predictions: the export stays reported, with the pipeline."""
import os
import tempfile

import numpy as np
import tensorflow as tf

X = np.random.RandomState(15).rand(40, 2).astype("float32")
Y = (X[:, 0] > X[:, 1]).astype("int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(8)


def model_fn(features, labels, mode):
    logits = tf.compat.v1.layers.dense(features["x"], 2)
    probabilities = tf.nn.softmax(logits)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"probabilities": probabilities}, export_outputs={
            "serving_default": tf.estimator.export.ClassificationOutput(scores=probabilities)})
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def serving_input_receiver_fn():
    x = tf.compat.v1.placeholder(tf.float32, [None, 2])
    return tf.estimator.export.ServingInputReceiver({"x": x}, {"x": x})


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=10)
estimator.export_saved_model(os.path.join(tempfile.mkdtemp(), "export"), serving_input_receiver_fn)
