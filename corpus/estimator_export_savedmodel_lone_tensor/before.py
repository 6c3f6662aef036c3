"""The older export_savedmodel, a model_fn whose features and predictions are lone tensors,
and a TensorServingInputReceiver whose one placeholder is given without a dict: the model
got the tensor as it is, the signature took it as "input" and named the prediction
"output"."""
import os
import tempfile

import numpy as np
import tensorflow as tf

X = np.linspace(-1.0, 1.0, 30, dtype="float32").reshape(-1, 2)
Y = (X[:, :1] > X[:, 1:]).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).batch(5)


def model_fn(features, labels, mode):
    logits = tf.compat.v1.layers.dense(features, 1, kernel_initializer=tf.compat.v1.ones_initializer())
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions=tf.sigmoid(logits))
    loss = tf.compat.v1.losses.sigmoid_cross_entropy(labels, logits)
    train_op = tf.compat.v1.train.AdamOptimizer(0.05).minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def serving_input_fn():
    points = tf.compat.v1.placeholder(dtype=tf.float32, shape=[None, 2])
    return tf.estimator.export.TensorServingInputReceiver(points, points)


classifier = tf.estimator.Estimator(model_fn=model_fn)
classifier.train(input_fn=input_fn, steps=6)
path = classifier.export_savedmodel(os.path.join(tempfile.mkdtemp(), "models"), serving_input_fn).decode()
serve = tf.saved_model.load(path).signatures["serving_default"]
print("inputs", sorted(serve.structured_input_signature[1]))
print("served", {key: np.round(value.numpy(), 5).ravel().tolist() for key, value in serve(input=tf.constant(X[:3])).items()})
