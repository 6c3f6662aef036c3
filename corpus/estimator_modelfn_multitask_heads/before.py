"""Two heads on dict labels, their losses added with a weight from params: one Keras output
per head, the loss and every metric on its head."""
import numpy as np
import tensorflow.compat.v1 as tf

RNG = np.random.RandomState(62)
POINTS = RNG.randn(36, 4).astype("float32")
LABELS = {"kind": (POINTS[:, 0] > 0).astype("int32"), "size": (POINTS[:, 1] * 2.0).astype("float32")}
W_TRUNK = (RNG.randn(4, 8) * 0.4).astype("float32")
W_KIND = (RNG.randn(8, 2) * 0.4).astype("float32")
W_SIZE = (RNG.randn(8, 1) * 0.4).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, LABELS)).repeat().batch(9)


def model_fn(features, labels, mode, params):
    trunk = tf.layers.dense(features, 8, activation=tf.nn.relu, kernel_initializer=tf.constant_initializer(W_TRUNK))
    kind_logits = tf.layers.dense(trunk, 2, kernel_initializer=tf.constant_initializer(W_KIND))
    size = tf.squeeze(tf.layers.dense(trunk, 1, kernel_initializer=tf.constant_initializer(W_SIZE)), axis=1)
    kind = tf.argmax(kind_logits, axis=1)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"kind": kind, "size": size})
    kind_loss = tf.losses.sparse_softmax_cross_entropy(labels["kind"], kind_logits)
    size_loss = tf.losses.mean_squared_error(labels["size"], size)
    loss = kind_loss + params["size_weight"] * size_loss
    metrics = {
        "accuracy": tf.metrics.accuracy(labels["kind"], kind),
        "rmse": tf.metrics.root_mean_squared_error(labels["size"], size),
        "kind_loss": tf.metrics.mean(tf.losses.sparse_softmax_cross_entropy(
            labels["kind"], kind_logits, reduction=tf.losses.Reduction.NONE)),
    }
    if mode == tf.estimator.ModeKeys.EVAL:
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops=metrics)
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


estimator = tf.estimator.Estimator(model_fn, params={"size_weight": 0.5})
estimator.train(input_fn, steps=10)
result = estimator.evaluate(input_fn, steps=4)
print("RESULT", {key: round(float(value), 6) for key, value in sorted(result.items())})
rows = estimator.predict(lambda: tf.data.Dataset.from_tensor_slices(POINTS[:3]).batch(3))
print("PREDICT", [(int(row["kind"]), round(float(row["size"]), 5)) for row in rows])
