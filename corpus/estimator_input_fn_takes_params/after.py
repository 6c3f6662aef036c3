"""An input_fn defined here that takes `params` and reads its batch size from them."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

X = np.random.RandomState(26).rand(12, 4).astype("float32")
Y = (X.sum(axis=1) > 2.0).astype("int32")


def input_fn(params):
    dataset = tf.data.Dataset.from_tensor_slices((X, Y))
    return dataset.shuffle(12, seed=1).repeat().batch(params["batch_size"])


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = tf2.keras.layers.Dense(units=params["hidden"], activation="elu")
        self.dense_1 = tf2.keras.layers.Dense(units=2)

    def call(self, features, training=False):
        hidden = self.dense(features)
        logits = self.dense_1(hidden)
        return logits

    def predict_step(self, data):
        features, _, _ = tf2.keras.utils.unpack_x_y_sample_weight(data)
        logits = self(features, training=False)
        return {"label": tf.argmax(logits, axis=1)}


def make_keras_model(params):
    model = KerasModel(params)
    model.compile(
        optimizer=tf2.keras.optimizers.Adam(learning_rate=0.02, epsilon=1e-08),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf2.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


estimator = make_keras_model({"batch_size": 4, "hidden": 5})
estimator.fit(input_fn(params={"batch_size": 4, "hidden": 5}), steps_per_epoch=6)
print("accuracy", {**estimator.evaluate(input_fn(params={"batch_size": 4, "hidden": 5}), steps=3, return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}["accuracy"])
