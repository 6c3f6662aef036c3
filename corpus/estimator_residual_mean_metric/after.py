"""Two branches joined with +, metrics.mean of the per-example loss, and evaluate()["global_step"]."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

INPUTS = np.random.RandomState(8).randn(9, 5).astype("float32")
TARGETS = np.argmax(INPUTS[:, :3], axis=1).astype("int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((INPUTS, TARGETS)).repeat().batch(3)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=6, activation="relu")
        self.dense_1 = tf2.keras.layers.Dense(units=6)
        self.dense_2 = tf2.keras.layers.Dense(units=3)

    def call(self, features, training=False):
        hidden = self.dense(features)
        skip = self.dense_1(hidden)
        logits = self.dense_2(hidden + skip)
        return logits


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.05, momentum=0.9),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf2.keras.metrics.SparseCategoricalCrossentropy(name="mean_xent", from_logits=True)],
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn(), steps_per_epoch=7)
evaluation = {**estimator.evaluate(input_fn(), steps=3, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}
print("step", evaluation["global_step"], "mean_xent", evaluation["mean_xent"])
