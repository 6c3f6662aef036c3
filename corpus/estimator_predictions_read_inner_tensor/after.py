"""PREDICT returns a hidden representation next to the probabilities (an embedding export)."""
import numpy as np
import tensorflow as tf

USERS = np.random.RandomState(1).randint(0, 12, size=(36,)).astype("int32")
CLICKED = (USERS % 3 == 0).astype("float32").reshape(-1, 1)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"user": USERS}, CLICKED)).repeat(4).batch(6)


def predict_input_fn():
    return tf.data.Dataset.from_tensor_slices({"user": USERS[:5]}).batch(5)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.embedding = tf.keras.layers.Embedding(input_dim=12, output_dim=params["dim"])
        self.dense = tf.keras.layers.Dense(units=8, activation="relu")
        self.dense_1 = tf.keras.layers.Dense(units=1)

    def call(self, features, training=False, with_inner=False):
        user_vector = self.embedding(features["user"])
        hidden = self.dense(user_vector)
        logit = self.dense_1(hidden)
        if with_inner:  # predict_step reads inner tensors of the model too
            return logit, {"user_vector": user_vector}
        return logit

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
        logit, inner = self(features, training=False, with_inner=True)
        user_vector = inner["user_vector"]
        predictions = {"probability": tf.sigmoid(logit), "user_vector": user_vector}
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
    model = KerasModel(params)
    model.compile(
        optimizer=KerasModelAdam(learning_rate=0.05, epsilon=1e-08),
        loss=tf.keras.losses.BinaryCrossentropy(from_logits=True),
    )
    return model


estimator = make_keras_model({"dim": 4})
estimator.fit(input_fn())
for prediction in (dict(zip(outputs, row)) for outputs in [estimator.predict(predict_input_fn())] for row in zip(*outputs.values())):
    print(sorted(prediction), prediction["user_vector"].shape)
