"""Click-through model with one logit per example, squeezed to (batch,), and the mean of its
loss reported beside it."""
import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(8).rand(96, 3).astype("float32")
CLICKED = (FEATURES[:, 0] + FEATURES[:, 2] > 1.0).astype("float32")


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices((FEATURES, CLICKED)).batch(16).repeat(epochs)


class ClickModel(tf.keras.Model):
    """The Estimator model_fn `click_model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        logit = tf.squeeze(self.dense(features), axis=-1)
        return tf.expand_dims(logit, -1)

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


def make_click_model():
    model = ClickModel()
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=0.05, epsilon=1e-08),
        loss=tf.keras.losses.BinaryCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.MeanMetricWrapper(lambda y_true, y_pred: tf.keras.losses.binary_crossentropy(tf.reshape(tf.cast(y_true, y_pred.dtype), [-1, 1]), y_pred, from_logits=True), name="average_loss")],
    )
    return model


model = make_click_model()
model.fit(input_fn(4))
print({**model.evaluate(input_fn(1), return_dict=True), "global_step": model.optimizer.iterations.numpy()})
