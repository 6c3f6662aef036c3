"""Churn prediction: two softmax classes, scored by the AUC of the positive class."""
import random

import numpy as np
import tensorflow as tf

random.seed(7)
np.random.seed(7)
USAGE = np.random.RandomState(11).uniform(size=(120, 3)).astype("float32")
CHURNED = (USAGE[:, 0] + 0.5 * USAGE[:, 1] < 0.7).astype("int64")


def input_fn(repeat):
    return tf.data.Dataset.from_tensor_slices(({"usage": USAGE}, CHURNED)).batch(20).repeat(repeat)


class ChurnModel(tf.keras.Model):
    """The Estimator model_fn `churn_model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = tf.keras.layers.Dense(units=params["units"], activation="tanh")
        self.dense_1 = tf.keras.layers.Dense(units=2)

    def call(self, features, training=False):
        hidden = self.dense(features["usage"])
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
        probabilities = tf.nn.softmax(logits)
        return {"churn": probabilities[:, 1]}


class ChurnModelAuc(tf.keras.metrics.AUC):
    """Keras's AUC of what the model_fn gave tf.metrics.auc under "auc"."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        labels = y_true
        predictions = (tf.nn.softmax(y_pred))[:, 1]
        return super().update_state(labels, predictions, sample_weight)


class ChurnModelAccuracy(tf.keras.metrics.Accuracy):
    """Keras's Accuracy of what the model_fn gave tf.metrics.accuracy under "accuracy"."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        labels = y_true
        predictions = tf.argmax((tf.nn.softmax(y_pred)), 1)
        return super().update_state(labels, tf.cast(predictions, labels.dtype), sample_weight)


def make_churn_model(params):
    model = ChurnModel(params)
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=params["learning_rate"]),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[ChurnModelAuc(name="auc"), ChurnModelAccuracy(name="accuracy")],
    )
    return model


model = make_churn_model({"units": 8, "learning_rate": 0.05})
model.fit(input_fn(2))
print({**model.evaluate(input_fn(1), return_dict=True), "global_step": model.optimizer.iterations.numpy()})
print(sorted(next((dict(zip(outputs, row)) for outputs in [model.predict(input_fn(1))] for row in zip(*outputs.values())))))
