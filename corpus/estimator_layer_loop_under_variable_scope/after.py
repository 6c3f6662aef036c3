"""A text CNN: one conv1d per filter width, each pass in a variable scope of its own name, then
max-pooled over time and concatenated."""
import numpy as np
import tensorflow as tf

TOKENS = np.random.RandomState(0).randint(0, 50, size=(64, 12)).astype("int32")
LABELS = (TOKENS[:, 0] > 25).astype("int32")


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices(({"tokens": TOKENS}, LABELS)).batch(16).repeat(epochs)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.embedding = tf.keras.layers.Embedding(input_dim=50, output_dim=8)
        self.conv1d = []
        for width in params["widths"]:
            self.conv1d.append(tf.keras.layers.Conv1D(filters=4, kernel_size=width, activation="relu"))
        self.dense = tf.keras.layers.Dense(units=2)

    def call(self, features, training=False):
        params = self.params
        embedded = self.embedding(features["tokens"])
        pooled = []
        for width, conv1d_layer in zip(params["widths"], self.conv1d):
            conv = conv1d_layer(embedded)
            pooled.append(tf.reduce_max(conv, axis=1))
        logits = self.dense(tf.concat(pooled, axis=1))
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
    model = KerasModel(params)
    model.compile(
        optimizer=KerasModelAdam(learning_rate=0.01, epsilon=1e-08),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )
    return model


est = make_keras_model({"widths": [2, 3]})
est.fit(input_fn(3))
print({**est.evaluate(input_fn(1), return_dict=True), "global_step": est.optimizer.iterations.numpy()})
