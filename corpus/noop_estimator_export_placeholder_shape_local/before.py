"""The receiver's placeholder takes its width from a local of the receiver function, which
the export's line cannot read: the export, and with it the pipeline, stays reported."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(32).rand(20, 4).astype("float32")
Y = X.mean(axis=1, keepdims=True)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(5)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features["x"], 1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"value": output})
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def serving_input_receiver_fn():
    width = X.shape[1]
    x = tf.compat.v1.placeholder(tf.float32, [None, width])
    return tf.estimator.export.ServingInputReceiver({"x": x}, {"x": x})


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=5)
estimator.export_saved_model("/tmp/local_width_export", serving_input_receiver_fn)
