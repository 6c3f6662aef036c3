"""`if labels is not None: labels = tf.reshape(labels, [-1, 1])` before a loss of the model_fn's
own: only a head's spec is followed past it, so the pipeline is reported."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(12)
SIGNALS = rng.normal(size=(120, 4)).astype(np.float32)
CLICKED = (SIGNALS[:, 0] - 0.5 * SIGNALS[:, 2] + 0.3 * rng.normal(size=120) > 0).astype(np.int64)
HIDDEN = np.linspace(-0.4, 0.4, 24).reshape(4, 6).astype(np.float32)
OUT = np.cos(np.arange(6)).reshape(6, 1).astype(np.float32) * 0.5

def click_model_fn(features, labels, mode, params):
    hidden = tf.compat.v1.layers.dense(features["signals"], 6, activation=tf.nn.relu,
                                       kernel_initializer=tf.compat.v1.constant_initializer(HIDDEN))
    logits = tf.compat.v1.layers.dense(hidden, 1, kernel_initializer=tf.compat.v1.constant_initializer(OUT))

    if labels is not None:
        labels = tf.reshape(labels, [-1, 1])

    loss = tf.compat.v1.losses.sigmoid_cross_entropy(labels, logits)
    optimizer = tf.compat.v1.train.AdamOptimizer(learning_rate=params["learning_rate"])
    train_op = optimizer.minimize(loss=loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"signals": SIGNALS}, CLICKED)).repeat(2).batch(16)


classifier = tf.estimator.Estimator(click_model_fn, params={"learning_rate": 0.02})
classifier.train(input_fn)
results = classifier.evaluate(input_fn)
print("eval", {key: round(float(value), 5) for key, value in sorted(results.items())})
