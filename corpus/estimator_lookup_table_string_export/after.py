"""Short texts classified from a vocabulary table the model_fn builds, then exported with a
receiver of one string placeholder, as text-classification course labs did. The table moves
to the Keras model's __init__ (TF1 made it once with the graph) and the export serves it.
The layers start from fixed weights."""
import tempfile

import numpy as np
import tensorflow as tf
import os
import time

VOCAB = ["good", "great", "bad", "awful", "fine"]
TEXTS = np.array(["good great", "bad", "awful bad", "great", "fine good", "awful", "good", "bad fine"])
LABELS = np.array([1, 0, 0, 1, 1, 0, 1, 0], dtype=np.int64)
EMBEDDINGS = np.random.RandomState(4).normal(0.0, 0.5, (len(VOCAB) + 1, 3)).astype(np.float32)


def input_fn(repeat=False):
    dataset = tf.data.Dataset.from_tensor_slices(({"text": TEXTS[:, None]}, LABELS))
    return (dataset.repeat() if repeat else dataset).batch(4)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.table = tf.lookup.StaticVocabularyTable(
            tf.lookup.KeyValueTensorInitializer(tf.constant(VOCAB), tf.range(len(VOCAB), dtype=tf.int64)),
            num_oov_buckets=1)
        self.embedding = self.add_weight(shape=[len(VOCAB) + 1, 3], initializer=tf.keras.initializers.Constant(value=EMBEDDINGS), dtype=tf.float32, name="embedding")
        self.dense = tf.keras.layers.Dense(units=2, kernel_initializer=tf.keras.initializers.Constant(value=0.2))

    def call(self, features, training=False):
        table = self.table
        words = tf.compat.v1.string_split(tf.squeeze(features["text"], [1]))
        ids = table.lookup(tf.compat.v1.sparse_tensor_to_dense(words, default_value="fine"))
        embedding = self.embedding
        mean = tf.reduce_mean(tf.nn.embedding_lookup(embedding, ids), axis=1)
        logits = self.dense(mean)
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
        predictions = {"class_ids": tf.argmax(logits, axis=1), "probabilities": tf.nn.softmax(logits)}
        return predictions


class KerasModelAdam(tf.keras.optimizers.Adam):
    """Keras's Adam, given the rows of a sparse gradient summed by index, as TF1's optimizers
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
        optimizer=KerasModelAdam(learning_rate=0.1, epsilon=1e-08),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )
    return model


classifier = make_keras_model({})
classifier.fit(input_fn(repeat=True), steps_per_epoch=6)
print("eval", {**classifier.evaluate(input_fn(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()})
export_archive = tf.keras.export.ExportArchive()
# Estimator wrote a SavedModel in a new folder of export_dir_base named by the time, whose serving_default
# signature took the receiver's tensors and returned the PREDICT spec's predictions.
export_archive.track(classifier.table)  # the model's lookup table, saved with it
export_archive.add_endpoint(name="serving_default", fn=lambda receivers: classifier.predict_step({key: tf.expand_dims(tensor, -1) for key, tensor in receivers.items()}), input_signature=[{"text": tf.TensorSpec([None], tf.string, name="text")}])
export_path = os.path.join(tf.compat.as_str(tempfile.mkdtemp()), str(int(time.time())))
export_archive.write_out(export_path, verbose=False)
path = tf.compat.as_bytes(export_path)
served = tf.saved_model.load(path).signatures["serving_default"](text=tf.constant(["great good", "awful"]))
print("served", served["class_ids"].numpy().tolist(), np.round(served["probabilities"].numpy(), 4).tolist())
