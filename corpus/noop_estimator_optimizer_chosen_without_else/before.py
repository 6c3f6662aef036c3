"""The optimizer is chosen by name, but an unknown name leaves it None: the Estimator then
failed at its first step, so there is no one Keras optimizer to write."""
import tensorflow as tf

PARAMS = {"optimizer": "sgd", "learning_rate": 0.05}


def input_fn():
    points = [[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [0.0, 0.0]]
    return tf.data.Dataset.from_tensor_slices(({"point": points}, [1, 1, 0, 0])).batch(2)


def model_fn(features, labels, mode, params):
    logits = tf.compat.v1.layers.dense(features["point"], 2)
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    optimizer = None
    if params["optimizer"] == "adam":
        optimizer = tf.compat.v1.train.AdamOptimizer(params["learning_rate"])
    elif params["optimizer"] == "sgd":
        optimizer = tf.compat.v1.train.GradientDescentOptimizer(params["learning_rate"])
    train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


classifier = tf.estimator.Estimator(model_fn, params=PARAMS)
classifier.train(input_fn, steps=4)
