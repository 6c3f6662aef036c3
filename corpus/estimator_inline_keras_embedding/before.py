"""Token ids through tf.keras layers made inline in the model_fn: Embedding, pooling, Dense."""
import numpy as np
import tensorflow as tf

TOKENS = np.random.RandomState(3).randint(0, 20, size=(48, 6)).astype("int32")
LABELS = (TOKENS[:, 0] % 2).astype("int32")


def train_input():
    return tf.data.Dataset.from_tensor_slices(({"tokens": TOKENS}, LABELS)).shuffle(48, seed=1).repeat().batch(8)


def eval_input():
    return tf.data.Dataset.from_tensor_slices(({"tokens": TOKENS}, LABELS)).batch(8)


def text_model_fn(features, labels, mode, params):
    embedded = tf.keras.layers.Embedding(params["vocab"], 8, input_length=6)(features["tokens"])
    pooled = tf.keras.layers.GlobalAveragePooling1D()(embedded)
    hidden = tf.keras.layers.Dense(16, activation="relu")(pooled)
    logits = tf.keras.layers.Dense(2)(hidden)
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"class": tf.argmax(logits, 1)})
    loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
    train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(loss, tf.compat.v1.train.get_global_step())
    accuracy = tf.compat.v1.metrics.accuracy(labels, tf.argmax(logits, 1))
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, eval_metric_ops={"accuracy": accuracy})


classifier = tf.estimator.Estimator(text_model_fn, params={"vocab": 20})
classifier.train(train_input, steps=30)
print(classifier.evaluate(eval_input))
