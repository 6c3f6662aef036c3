"""A trained Estimator exported with export_saved_model and a TensorServingInputReceiver: the
lone placeholder reaches the model as it is."""
import numpy as np
import tensorflow.compat.v1 as tf

X = np.random.RandomState(16).rand(6, 3).astype("float32")
Y = np.array([0, 1, 0, 1, 1, 0], dtype="int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).repeat().batch(3)


def model_fn(features, labels, mode):
    logits = tf.layers.dense(features, 2)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"class": tf.argmax(logits, 1)})
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def serving_input_fn():
    inputs = tf.placeholder(tf.float32, [None, 3], name="inputs")
    return tf.estimator.export.TensorServingInputReceiver(inputs, inputs)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn, steps=3)
print(estimator.export_saved_model("exported", serving_input_fn))
