"""A functional Keras model turned into an Estimator, then asked for predictions: each came
as a dict keyed by the model's output name (its last layer's, "risk")."""
import numpy as np
import tensorflow as tf

READINGS = np.random.RandomState(12).rand(30, 4).astype(np.float32)
FLAGS = (READINGS[:, 0] + READINGS[:, 1] > 1.0).astype(np.float32)[:, None]

inputs = tf.keras.Input(shape=(4,), name="readings")
hidden = tf.keras.layers.Dense(6, activation="relu", kernel_initializer="ones")(inputs)
risk = tf.keras.layers.Dense(1, activation="sigmoid", kernel_initializer="zeros", name="risk")(hidden)
model = tf.keras.Model(inputs=inputs, outputs=risk)
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="binary_crossentropy")


def input_fn(labelled=True):
    if labelled:
        return tf.data.Dataset.from_tensor_slices(({"readings": READINGS}, FLAGS)).batch(10)
    return tf.data.Dataset.from_tensor_slices({"readings": READINGS[:3]}).batch(3)


estimator = tf.keras.estimator.model_to_estimator(keras_model=model)
estimator.train(input_fn, steps=3)
for prediction in estimator.predict(lambda: input_fn(labelled=False)):
    print(sorted(prediction), prediction["risk"].shape, round(float(prediction["risk"][0]), 5))
