"""A kernel regularizer that is used only when its hyperparameter is set, with the
regularization losses added to the loss."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

rng = np.random.RandomState(33)
USAGE = rng.normal(size=(64, 4)).astype(np.float32)
CHURNED = (USAGE[:, 0] - USAGE[:, 3] > 0.3).astype(np.int64)
HIDDEN_INIT = np.linspace(-0.5, 0.5, 20).reshape(4, 5).astype(np.float32)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = tf2.keras.layers.Dense(units=5, activation="relu", kernel_regularizer=(tf.keras.regularizers.l2(params["l2"]) if params["l2"] else None), kernel_initializer=tf2.keras.initializers.Constant(value=HIDDEN_INIT))
        self.dense_1 = tf2.keras.layers.Dense(units=2, kernel_regularizer=(tf.keras.regularizers.l2(params["l2"]) if params["l2"] else None), kernel_initializer="zeros")

    def call(self, features, training=False):
        hidden = self.dense(features["usage"])
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


def make_keras_model(params):
    model = KerasModel(params)
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.2),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )
    return model


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"usage": USAGE}, CHURNED)).repeat(2).batch(16)


for l2 in (0.05, 0.0):
    churn = make_keras_model({"l2": l2})
    churn.fit(input_fn())
    print("l2", l2, {**churn.evaluate(input_fn(), steps=2, return_dict=True), "global_step": churn.optimizer.iterations.numpy()})
