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
