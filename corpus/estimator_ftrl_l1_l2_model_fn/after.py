"""FtrlOptimizer with l1/l2 strength inside a custom model_fn."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

CLICKS = np.random.RandomState(11).rand(10, 4).astype("float32")
LABELS = (CLICKS.sum(axis=1, keepdims=True) > 2.0).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((CLICKS, LABELS)).repeat().batch(5)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=1, kernel_initializer="zeros")

    def call(self, features, training=False):
        logits = self.dense(features)
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


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.Ftrl(learning_rate=0.1, l1_regularization_strength=0.01, l2_regularization_strength=0.01),
        loss=tf2.keras.losses.BinaryCrossentropy(from_logits=True),
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn(), steps_per_epoch=4)
print({**estimator.evaluate(input_fn(), steps=2, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}["loss"])
