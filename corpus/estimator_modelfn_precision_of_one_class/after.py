"""Precision of one class of a softmax model: labels and predictions turned into booleans
first; Keras's Precision is fed the same booleans."""
import tensorflow as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[0.0, 1.0], [1.0, 0.0], [0.5, 0.5]], [2, 0, 1])).repeat(2).batch(3)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=3)

    def call(self, features, training=False):
        logits = self.dense(features)
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


class KerasModelPrecisionTwoPrecision(tf.keras.metrics.Precision):
    """Keras's Precision of what the model_fn gave tf.metrics.precision under "precision_two"."""

    def update_state(self, y_true, y_pred, sample_weight=None):
        labels = tf.equal(y_true, 2)
        predictions = tf.equal((tf.argmax(y_pred, axis=1)), 2)
        return super().update_state(tf.cast(labels, tf.bool), tf.cast(predictions, tf.bool), sample_weight)


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=0.001, epsilon=1e-08),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[KerasModelPrecisionTwoPrecision(name="precision_two", thresholds=0.5)],
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn())
print({**estimator.evaluate(input_fn(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
