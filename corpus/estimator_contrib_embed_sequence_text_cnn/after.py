"""A text CNN as the cloud text-classification labs wrote it: word ids embedded with
tf.contrib.layers.embed_sequence, a 1-D convolution, max-pooling over time and a dense
layer, trained with Adam. Ids repeat within a batch (padding, common words), which TF1's
Adam summed per id before its update. Fixed initial weights."""
import numpy as np
import tensorflow as tf

VOCAB_SIZE, EMBED_DIM, LENGTH = 12, 4, 6
RNG = np.random.RandomState(17)
WORDS = RNG.randint(0, VOCAB_SIZE, size=(40, LENGTH)).astype(np.int64)
LABELS = ((WORDS < 4).sum(axis=1) > 1).astype(np.int64)
EMBEDDINGS = RNG.normal(0.0, 0.5, (VOCAB_SIZE, EMBED_DIM)).astype(np.float32)
FILTERS = RNG.normal(0.0, 0.3, (3, EMBED_DIM, 5)).astype(np.float32)


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"words": WORDS}, LABELS)).repeat().batch(10)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices(({"words": WORDS}, LABELS)).batch(10)


class CnnModel(tf.keras.Model):
    """The Estimator model_fn `cnn_model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.embedding = tf.keras.layers.Embedding(input_dim=VOCAB_SIZE, output_dim=EMBED_DIM, embeddings_initializer=tf.keras.initializers.Constant(value=EMBEDDINGS))
        self.conv1d = tf.keras.layers.Conv1D(filters=5, kernel_size=3, padding="same", activation="relu", kernel_initializer=tf.keras.initializers.Constant(value=FILTERS))
        self.dense = tf.keras.layers.Dense(units=2, kernel_initializer=tf.keras.initializers.Constant(value=0.1))

    def call(self, features, training=False):
        embedded = self.embedding(features["words"])
        conv = self.conv1d(embedded)
        pooled = tf.reduce_max(conv, axis=1)
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
        predicted = tf.argmax(logits, axis=1)
        return {"class": predicted, "prob": tf.nn.softmax(logits)}


class CnnModelAdam(tf.keras.optimizers.Adam):
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


def make_cnn_model(params):
    model = CnnModel()
    model.compile(
        optimizer=CnnModelAdam(learning_rate=params["learning_rate"], epsilon=1e-08),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


estimator = make_cnn_model({"learning_rate": 0.05})
estimator.fit(train_input_fn(), steps_per_epoch=12)
print("eval", {**estimator.evaluate(eval_input_fn(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
print("classes", [int(p["class"]) for p in (dict(zip(outputs, row)) for outputs in [estimator.predict(eval_input_fn())] for row in zip(*outputs.values()))][:10])
