"""Direction regression: the model predicts a unit vector and is trained on TF1's cosine
distance to the target direction."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

rng = np.random.RandomState(2)
SIGNALS = rng.normal(size=(48, 4)).astype(np.float32)
ANGLES = SIGNALS[:, 0] - 0.5 * SIGNALS[:, 1]
DIRECTIONS = np.stack([np.cos(ANGLES), np.sin(ANGLES)], axis=1).astype(np.float32)
KERNEL = np.linspace(-0.3, 0.3, 8).reshape(4, 2).astype(np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"signal": SIGNALS}, DIRECTIONS)).repeat(2).batch(8)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=2, kernel_initializer=tf2.keras.initializers.Constant(value=KERNEL))

    def call(self, features, training=False):
        raw = self.dense(features["signal"])
        direction = tf.nn.l2_normalize(raw, axis=1)
        return direction

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
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.5),
        loss=lambda y_true, y_pred: 1.0 - tf2.reduce_sum(y_true * y_pred, axis=1, keepdims=True),
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn())
print("eval", {**estimator.evaluate(input_fn(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
