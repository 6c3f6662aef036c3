"""The official models' mnist layout: a helper returns a tf.keras.Sequential, the model_fn
makes it once and calls it in each mode branch with that mode's training flag, after an
isinstance check that accepts dict features too."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(6)
IMAGES = rng.uniform(size=(48, 36)).astype(np.float32)
DIGITS = (IMAGES[:, :4].argmax(axis=1)).astype(np.int32)
CONV = np.linspace(-0.3, 0.3, 36).reshape(3, 3, 1, 4).astype(np.float32)
HIDDEN = np.cos(np.arange(36 * 8)).reshape(36, 8).astype(np.float32) * 0.2
OUT = np.sin(np.arange(8 * 4)).reshape(8, 4).astype(np.float32) * 0.3


def create_model(data_format):
    l = tf.keras.layers
    return tf.keras.Sequential([
        l.Reshape(target_shape=(6, 6, 1), input_shape=(36,)),
        l.Conv2D(4, 3, padding="same", data_format=data_format, activation=tf.nn.relu,
                 kernel_initializer=tf.keras.initializers.Constant(CONV)),
        l.MaxPooling2D((2, 2), (2, 2), padding="same", data_format=data_format),
        l.Flatten(),
        l.Dense(8, activation=tf.nn.relu, kernel_initializer=tf.keras.initializers.Constant(HIDDEN)),
        l.Dense(4, kernel_initializer=tf.keras.initializers.Constant(OUT)),
    ])


def model_fn(features, labels, mode, params):
    model = create_model(params["data_format"])
    image = features
    if isinstance(image, dict):
        image = features["image"]
    if mode == tf.estimator.ModeKeys.PREDICT:
        logits = model(image, training=False)
        predictions = {"classes": tf.argmax(logits, axis=1), "probabilities": tf.nn.softmax(logits)}
        return tf.estimator.EstimatorSpec(mode=tf.estimator.ModeKeys.PREDICT, predictions=predictions)
    if mode == tf.estimator.ModeKeys.TRAIN:
        optimizer = tf.compat.v1.train.AdamOptimizer(learning_rate=0.01)
        logits = model(image, training=True)
        loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
        accuracy = tf.compat.v1.metrics.accuracy(labels=labels, predictions=tf.argmax(logits, axis=1))
        tf.identity(accuracy[1], name="train_accuracy")
        tf.compat.v1.summary.scalar("train_accuracy", accuracy[1])
        return tf.estimator.EstimatorSpec(mode=tf.estimator.ModeKeys.TRAIN, loss=loss,
                                          train_op=optimizer.minimize(loss, tf.compat.v1.train.get_or_create_global_step()))
    if mode == tf.estimator.ModeKeys.EVAL:
        logits = model(image, training=False)
        loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
        return tf.estimator.EstimatorSpec(
            mode=tf.estimator.ModeKeys.EVAL, loss=loss,
            eval_metric_ops={"accuracy": tf.compat.v1.metrics.accuracy(labels=labels,
                                                                       predictions=tf.argmax(logits, axis=1))})


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"image": IMAGES}, DIGITS)).batch(8).repeat(3)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices((IMAGES, DIGITS)).batch(16)


classifier = tf.estimator.Estimator(model_fn=model_fn, params={"data_format": "channels_last"})
classifier.train(input_fn=train_input_fn)
print("eval", classifier.evaluate(input_fn=eval_input_fn))
print("keys", sorted(next(classifier.predict(input_fn=eval_input_fn))))
