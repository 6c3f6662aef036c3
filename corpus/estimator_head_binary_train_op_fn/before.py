"""A model_fn that hands its logits to a binary head with a train_op_fn, as the text
classification blog post wrote it: the head's loss, metrics and predictions become the
Keras model's, as a canned classifier's are."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(12)
SIGNALS = rng.normal(size=(120, 4)).astype(np.float32)
CLICKED = (SIGNALS[:, 0] - 0.5 * SIGNALS[:, 2] + 0.3 * rng.normal(size=120) > 0).astype(np.int64)
HIDDEN = np.linspace(-0.4, 0.4, 24).reshape(4, 6).astype(np.float32)
OUT = np.cos(np.arange(6)).reshape(6, 1).astype(np.float32) * 0.5

head = tf.estimator.BinaryClassHead()


def click_model_fn(features, labels, mode, params):
    hidden = tf.compat.v1.layers.dense(features["signals"], 6, activation=tf.nn.relu,
                                       kernel_initializer=tf.compat.v1.constant_initializer(HIDDEN))
    logits = tf.compat.v1.layers.dense(hidden, 1, kernel_initializer=tf.compat.v1.constant_initializer(OUT))

    if labels is not None:
        labels = tf.reshape(labels, [-1, 1])

    def _train_op_fn(loss):
        optimizer = tf.compat.v1.train.AdamOptimizer(learning_rate=params["learning_rate"])
        return optimizer.minimize(loss=loss, global_step=tf.compat.v1.train.get_global_step())

    return head.create_estimator_spec(features=features, labels=labels, mode=mode, logits=logits,
                                      train_op_fn=_train_op_fn)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"signals": SIGNALS}, CLICKED)).repeat(2).batch(16)


classifier = tf.estimator.Estimator(click_model_fn, params={"learning_rate": 0.02})
classifier.train(input_fn)
results = classifier.evaluate(input_fn)
print("eval", {key: round(float(value), 5) for key, value in sorted(results.items())})
print("keys", sorted(next(classifier.predict(input_fn))))
