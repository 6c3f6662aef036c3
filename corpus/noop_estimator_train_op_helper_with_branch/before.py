"""The train_op helper clips only when asked: a branch in the helper is not written out."""
import tensorflow.compat.v1 as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": [[1.0, 2.0], [3.0, 4.0]]}, [0, 1])).repeat(5).batch(2)


def make_train_op(loss, params):
    optimizer = tf.train.GradientDescentOptimizer(params["learning_rate"])
    if params["clip"] > 0:
        grads, tvars = zip(*optimizer.compute_gradients(loss))
        grads, _ = tf.clip_by_global_norm(grads, params["clip"])
        return optimizer.apply_gradients(zip(grads, tvars), global_step=tf.train.get_global_step())
    return optimizer.minimize(loss, global_step=tf.train.get_global_step())


def model_fn(features, labels, mode, params):
    logits = tf.layers.dense(features["x"], 2)
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=make_train_op(loss, params))


estimator = tf.estimator.Estimator(model_fn, params={"learning_rate": 0.1, "clip": 0.0})
estimator.train(input_fn)
