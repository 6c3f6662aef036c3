"""A compiled Keras model wrapped by model_to_estimator and trained as an Estimator."""
import numpy as np
import tensorflow.compat.v1 as tf

X = np.random.RandomState(23).rand(8, 3).astype("float32")
Y = (X[:, :1] > 0.5).astype("float32")

keras_model = tf.keras.Sequential([
    tf.keras.layers.Dense(4, activation="relu", input_shape=(3,), name="dense_input"),
    tf.keras.layers.Dense(1, activation="sigmoid"),
])
keras_model.compile(optimizer="sgd", loss="binary_crossentropy")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"dense_input_input": X}, Y)).repeat().batch(4)


estimator = tf.keras.estimator.model_to_estimator(keras_model=keras_model)
estimator.train(input_fn, steps=3)
