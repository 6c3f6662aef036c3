"""An autoencoder: the input_fn gives features only, and the loss compares the
reconstruction with the input."""
import numpy as np
import tensorflow.compat.v1 as tf

RNG = np.random.RandomState(41)
FRAMES = np.tanh(RNG.randn(40, 6)).astype("float32")
W_ENCODE = (RNG.randn(6, 3) * 0.4).astype("float32")
W_DECODE = (RNG.randn(3, 6) * 0.4).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices({"frame": FRAMES}).repeat().batch(10)


def autoencoder_fn(features, labels, mode, params):
    frame = features["frame"]
    code = tf.layers.dense(frame, 3, activation=tf.nn.tanh, kernel_initializer=tf.constant_initializer(W_ENCODE))
    reconstruction = tf.layers.dense(code, 6, kernel_initializer=tf.constant_initializer(W_DECODE))
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"reconstruction": reconstruction})
    loss = tf.losses.mean_squared_error(labels=frame, predictions=reconstruction)
    metrics = {"mae": tf.metrics.mean_absolute_error(frame, reconstruction)}
    optimizer = tf.train.AdamOptimizer(params["learning_rate"])
    train_op = optimizer.minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops=metrics)


estimator = tf.estimator.Estimator(autoencoder_fn, params={"learning_rate": 0.01})
estimator.train(input_fn, steps=15)
result = estimator.evaluate(input_fn, steps=4)
print("RESULT", {key: round(float(value), 6) for key, value in sorted(result.items())})
rows = estimator.predict(lambda: tf.data.Dataset.from_tensor_slices({"frame": FRAMES[:2]}).batch(2))
print("PREDICT", [[round(float(v), 5) for v in row["reconstruction"]] for row in rows])
