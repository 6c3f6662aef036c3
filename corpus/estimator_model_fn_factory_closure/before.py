"""Sentiment of short reviews: the model_fn is a closure over the vocabulary size."""
import random

import numpy as np
import tensorflow as tf

VOCABULARY = 40
random.seed(3)
np.random.seed(3)
TOKENS = np.random.RandomState(4).randint(1, VOCABULARY, size=(160, 6)).astype("int64")
POSITIVE = (TOKENS.sum(axis=1) % 2).astype("int64")


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices(({"tokens": TOKENS}, POSITIVE)).batch(16).repeat(epochs)


def build_model_fn(vocabulary_size, embedding_size):
    """Returns a model_fn for the given vocabulary."""

    def model_fn(features, labels, mode, params):
        embedded = tf.keras.layers.Embedding(vocabulary_size, embedding_size)(features["tokens"])
        pooled = tf.reduce_mean(embedded, axis=1)
        logits = tf.compat.v1.layers.dense(pooled, 2)
        if mode == tf.estimator.ModeKeys.PREDICT:
            return tf.estimator.EstimatorSpec(mode, predictions={"class": tf.argmax(logits, 1)})
        loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
        optimizer = tf.compat.v1.train.AdagradOptimizer(params["learning_rate"])
        train_op = optimizer.minimize(loss, global_step=tf.compat.v1.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)

    return model_fn


classifier = tf.estimator.Estimator(model_fn=build_model_fn(VOCABULARY, 8), params={"learning_rate": 0.1})
classifier.train(lambda: input_fn(5))
print(classifier.evaluate(lambda: input_fn(1)))
print(sum(1 for _ in classifier.predict(lambda: input_fn(1))))
