"""A model_fn that builds its layers through helpers: one called twice, one calling another."""
import numpy as np
import tensorflow.compat.v1 as tf

RNG = np.random.RandomState(7)
POINTS = RNG.randn(32, 4).astype("float32")
LABELS = (POINTS[:, 0] - POINTS[:, 2] > 0).astype("int32")
W_IN = (RNG.randn(4, 6) * 0.5).astype("float32")
W_MID = (RNG.randn(6, 5) * 0.5).astype("float32")
W_OUT = (RNG.randn(5, 2) * 0.5).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, LABELS)).repeat().batch(8)


def dense_relu(inputs, kernel, name=None):
    """A dense layer that starts from the given weights, then relu."""
    net = tf.layers.dense(inputs, kernel.shape[1], kernel_initializer=tf.constant_initializer(kernel), name=name)
    return tf.nn.relu(net)


def block(inputs, kernel, training, scope="block"):
    with tf.variable_scope(scope):
        net = dense_relu(inputs, kernel)
        net = tf.layers.batch_normalization(net, momentum=0.9, training=training)
        tf.summary.histogram("activations", net)
        return net * 2.0


def model_fn(features, labels, mode, params):
    training = mode == tf.estimator.ModeKeys.TRAIN
    net = block(features, W_IN, training)
    net = block(net, kernel=W_MID, training=training, scope="second")
    logits = tf.layers.dense(net, 2, kernel_initializer=tf.constant_initializer(W_OUT))
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"classes": tf.argmax(logits, 1)})
    loss = tf.losses.sparse_softmax_cross_entropy(labels, logits)
    if mode == tf.estimator.ModeKeys.EVAL:
        metrics = {"accuracy": tf.metrics.accuracy(labels, tf.argmax(logits, 1))}
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops=metrics)
    update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
    with tf.control_dependencies(update_ops):
        optimizer = tf.train.GradientDescentOptimizer(params["learning_rate"])
        train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, params={"learning_rate": 0.1})
estimator.train(input_fn, steps=12)
result = estimator.evaluate(input_fn, steps=4)
print("RESULT", {key: round(float(result[key]), 6) for key in ("loss", "accuracy", "global_step")})
classes = [p["classes"] for p in estimator.predict(lambda: tf.data.Dataset.from_tensor_slices(POINTS[:8]).batch(4))]
print("CLASSES", [int(c) for c in classes])
