"""A kernel_regularizer whose penalty the loss never adds (no get_regularization_loss): TF1 trained without it."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

X = np.random.RandomState(20).rand(8, 3).astype("float32")
Y = X @ np.array([[0.5], [1.5], [-1.0]], dtype="float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((X, Y)).repeat().batch(4)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=6, activation="relu")
        self.dense_1 = tf2.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        hidden = self.dense(features)
        output = self.dense_1(hidden)
        return output


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.05),
        loss=tf2.keras.losses.MeanSquaredError(),
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn(), steps_per_epoch=4)
print({**estimator.evaluate(input_fn(), steps=1, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}["loss"])
