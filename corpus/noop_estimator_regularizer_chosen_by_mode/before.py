"""A regularizer applied only when the model_fn runs in TRAIN mode: the layers would differ
between modes, and one Keras model has one set of layers. Left as it is, reported."""
import tensorflow.compat.v1 as tf


def model_fn(features, labels, mode):
    regularizer = tf.keras.regularizers.l2(0.01) if mode == tf.estimator.ModeKeys.TRAIN else None
    logits = tf.layers.dense(features["x"], 2, kernel_regularizer=regularizer)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits) + tf.losses.get_regularization_loss()
    train_op = tf.train.AdamOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[0.5, 1.0], [1.5, -1.0]]}, [0, 1])).repeat(4).batch(2)


estimator = tf.estimator.Estimator(model_fn)
estimator.train(input_fn)
print(estimator.evaluate(input_fn))
