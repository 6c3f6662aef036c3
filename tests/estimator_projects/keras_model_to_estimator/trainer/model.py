"""The model of the churn job: a compiled Keras model, its data and its input_fn.

The job (trainer/task.py) hands the model to tf.keras.estimator.model_to_estimator, as
jobs written for TF 1.x often did to get Estimator's distribution and checkpoints."""

import numpy as np
import tensorflow as tf

FEATURES = ("tenure", "monthly_charges", "support_calls")


def synthetic_customers(count, seed):
    """Customers whose churn follows a noisy rule of their three features."""
    rng = np.random.RandomState(seed)
    columns = {
        "tenure": rng.uniform(0.0, 1.0, size=(count, 1)).astype("float32"),
        "monthly_charges": rng.uniform(0.0, 1.0, size=(count, 1)).astype("float32"),
        "support_calls": rng.poisson(1.5, size=(count, 1)).astype("float32") / 4.0,
    }
    score = 1.5 * columns["monthly_charges"] + columns["support_calls"] - 2.0 * columns["tenure"]
    churned = (score[:, 0] + rng.normal(0.0, 0.3, size=count) > 0.0).astype("int32")
    return columns, churned


def make_input_fn(columns, labels, batch_size, epochs, shuffle, seed):
    def input_fn():
        data = tf.data.Dataset.from_tensor_slices((dict(columns), labels))
        if shuffle:
            data = data.shuffle(len(labels), seed=seed)
        return data.repeat(epochs).batch(batch_size)
    return input_fn


def build_keras_model(hidden_units, learning_rate):
    inputs = [tf.keras.Input(shape=(1,), name=name) for name in FEATURES]
    x = tf.keras.layers.Concatenate()(inputs)
    for units in hidden_units:
        x = tf.keras.layers.Dense(units, activation="relu")(x)
    churn = tf.keras.layers.Dense(1, activation="sigmoid", name="churn")(x)
    model = tf.keras.Model(inputs=inputs, outputs=churn)
    model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=learning_rate),
                  loss="binary_crossentropy", metrics=["accuracy"])
    return model
