"""An export of an Estimator trained under MirroredStrategy: tfmigrate writes the Keras export
only without a strategy, so the pipeline stays reported."""
import numpy as np
import tensorflow as tf

X = np.random.RandomState(33).rand(20, 2).astype("float32")
Y = X.sum(axis=1, keepdims=True)


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
    x = tf.compat.v1.placeholder(tf.float32, [None, 2])
    return tf.estimator.export.ServingInputReceiver({"x": x}, {"x": x})


config = tf.estimator.RunConfig(train_distribute=tf.distribute.MirroredStrategy())
estimator = tf.estimator.Estimator(model_fn, config=config)
estimator.train(input_fn, steps=5)
estimator.export_saved_model("/tmp/mirrored_export", serving_input_receiver_fn)
