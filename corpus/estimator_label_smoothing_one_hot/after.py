"""Softmax cross-entropy with label smoothing on tf.one_hot(labels)."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

POINTS = np.random.RandomState(5).randn(60, 4).astype("float32")
CLASSES = np.argmax(POINTS[:, :3], axis=1).astype("int64")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, CLASSES)).repeat(2).batch(10)


class SmoothedModel(tf2.keras.Model):
    """The Estimator model_fn `smoothed_model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=12, activation="relu")
        self.dense_1 = tf2.keras.layers.Dense(units=3)

    def call(self, features, training=False):
        hidden = self.dense(features)
        logits = self.dense_1(hidden)
        return logits

    def test_step(self, data):
        # Estimator.evaluate's loss was metrics.mean(loss): the mean of the per-batch losses,
        # each batch counted once (Keras's own test_step weighs a batch by its size, which
        # differs on a short last batch; an empty batch a replica gets at the end counts not
        # at all either way); the rest is Keras's test_step.
        x, y, sample_weight = tf2.keras.utils.unpack_x_y_sample_weight(data)
        y_pred = self(x, training=False)
        loss = self.compute_loss(x, y, y_pred, sample_weight, training=False)
        replicas = tf2.distribute.get_strategy().num_replicas_in_sync  # Keras scaled the loss by 1/replicas
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss * replicas, sample_weight=tf2.minimum(tf2.shape(y_pred)[0], 1))
        return self.compute_metrics(x, y, y_pred, sample_weight)


def make_smoothed_model():
    model = SmoothedModel()
    model.compile(
        optimizer=tf2.keras.optimizers.Adam(learning_rate=0.01, epsilon=1e-08),
        loss=lambda y_true, y_pred: tf2.keras.losses.categorical_crossentropy(tf2.one_hot(tf2.cast(tf2.reshape(y_true, [-1]), tf2.int32), 3), y_pred, from_logits=True, label_smoothing=0.1),
        metrics=[tf2.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


model = make_smoothed_model()
model.fit(input_fn())
result = {**model.evaluate(input_fn(), return_dict=True), "global_step": model.optimizer.iterations.numpy()}
print(result["accuracy"], result["global_step"])
