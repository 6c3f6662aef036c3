"""Token ids through tf.keras layers made inline in the model_fn: Embedding, pooling, Dense."""
import numpy as np
import tensorflow as tf

TOKENS = np.random.RandomState(3).randint(0, 20, size=(48, 6)).astype("int32")
LABELS = (TOKENS[:, 0] % 2).astype("int32")


def train_input():
    return tf.data.Dataset.from_tensor_slices(({"tokens": TOKENS}, LABELS)).shuffle(48, seed=1).repeat().batch(8)


def eval_input():
    return tf.data.Dataset.from_tensor_slices(({"tokens": TOKENS}, LABELS)).batch(8)


class TextModel(tf.keras.Model):
    """The Estimator model_fn `text_model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.embedding = tf.keras.layers.Embedding(input_dim=params["vocab"], output_dim=8)
        self.global_average_pooling1d = tf.keras.layers.GlobalAveragePooling1D()
        self.dense = tf.keras.layers.Dense(units=16, activation="relu")
        self.dense_1 = tf.keras.layers.Dense(units=2)

    def call(self, features, training=False):
        embedded = self.embedding(features["tokens"])
        pooled = self.global_average_pooling1d(embedded)
        hidden = self.dense(pooled)
        logits = self.dense_1(hidden)
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


class TextModelAdam(tf.keras.optimizers.Adam):
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


def make_text_model(params):
    model = TextModel(params)
    model.compile(
        optimizer=TextModelAdam(learning_rate=0.01, epsilon=1e-08),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


classifier = make_text_model({"vocab": 20})
classifier.fit(train_input(), steps_per_epoch=30)
print({**classifier.evaluate(eval_input(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()})
