"""The train_op helper is called after an argument that computes something: running it first would change the order."""
import tensorflow.compat.v1 as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0, 2.0], [3.0, 4.0]]}, [0, 1])).repeat(5).batch(2)


def make_train_op(loss, params):
    optimizer = tf.train.GradientDescentOptimizer(params["learning_rate"])
    return optimizer.minimize(loss, global_step=tf.train.get_global_step())


def model_fn(features, labels, mode, params):
    logits = tf.layers.dense(features["x"], 2)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    return tf.estimator.EstimatorSpec(mode, predictions={"class": tf.argmax(logits, axis=1)}, loss=loss,
                                      train_op=make_train_op(loss, params))


estimator = tf.estimator.Estimator(model_fn, params={"learning_rate": 0.1, "clip": 0.0})
estimator.train(input_fn)
