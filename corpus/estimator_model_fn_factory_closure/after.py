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

    class KerasModel(tf.keras.Model):
        """The Estimator model_fn `model_fn` as a Keras model."""

        def __init__(self):
            super().__init__()
            self.embedding = tf.keras.layers.Embedding(input_dim=vocabulary_size, output_dim=embedding_size)
            self.dense = tf.keras.layers.Dense(units=2)

        def call(self, features, training=False):
            embedded = self.embedding(features["tokens"])
            pooled = tf.reduce_mean(embedded, axis=1)
            logits = self.dense(pooled)
            return logits

        def test_step(self, data):
            # Estimator.evaluate's loss was metrics.mean(loss): the mean of the per-batch losses,
            # each batch counted once (Keras's own test_step weighs a batch by its size, which
            # differs on a short last batch; an empty batch a replica gets at the end counts not
            # at all either way); the rest is Keras's test_step.
            x, y, sample_weight = tf.keras.utils.unpack_x_y_sample_weight(data)
            y_pred = self(x, training=False)
            loss = self.compute_loss(x, y, y_pred, sample_weight, training=False)
            replicas = tf.distribute.get_strategy().num_replicas_in_sync  # Keras scaled the loss by 1/replicas
            for metric in self.metrics:
                if metric.name == "loss":
                    metric.update_state(loss * replicas, sample_weight=tf.minimum(tf.shape(y_pred)[0], 1))
            return self.compute_metrics(x, y, y_pred, sample_weight)

        def predict_step(self, data):
            features, _, _ = tf.keras.utils.unpack_x_y_sample_weight(data)
            logits = self(features, training=False)
            return {"class": tf.argmax(logits, 1)}


    class KerasModelAdagrad(tf.keras.optimizers.Adagrad):
        """Keras's Adagrad, given the rows of a sparse gradient summed by index, as TF1's optimizers
    were: an embedding lookup's gradient holds a row per lookup, and Keras 3 would update
    once per row where an index repeats in a batch."""

        def apply(self, grads, trainable_variables=None):
            # TF1 summed the rows of a sparse gradient that share an index, then updated
            grads = [self.summed_rows(g) if isinstance(g, tf.IndexedSlices) else g for g in grads]
            return super().apply(grads, trainable_variables)

        @staticmethod
        def summed_rows(gradient):
            rows, position = tf.unique(gradient.indices)
            values = tf.math.unsorted_segment_sum(gradient.values, position, tf.shape(rows)[0])
            return tf.IndexedSlices(values, rows, gradient.dense_shape)


    def make_keras_model(params):
        model = KerasModel()
        model.compile(
            optimizer=KerasModelAdagrad(learning_rate=params["learning_rate"], epsilon=0.0),
            loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        )
        return model

    return make_keras_model


classifier = build_model_fn(VOCABULARY, 8)({"learning_rate": 0.1})
classifier.fit(input_fn(5))
print({**classifier.evaluate(input_fn(1), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()})
print(sum(1 for _ in (dict(zip(outputs, row)) for outputs in [classifier.predict(input_fn(1))] for row in zip(*outputs.values()))))
