"""The dataset yields one-hot labels: softmax cross-entropy and accuracy on argmax(labels)."""
import numpy as np
import tensorflow as tf

PIXELS = np.random.RandomState(9).rand(30, 5).astype("float32")
ONE_HOT = np.eye(3, dtype="float32")[np.argmax(PIXELS[:, :3], axis=1)]


def input_fn():
    return tf.data.Dataset.from_tensor_slices((PIXELS, ONE_HOT)).repeat(4).batch(6)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=3)

    def call(self, features, training=False):
        logits = self.dense(features)
        return logits


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.5),
        loss=tf.keras.losses.CategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.CategoricalAccuracy(name="accuracy")],
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn())
print({**estimator.evaluate(input_fn(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
