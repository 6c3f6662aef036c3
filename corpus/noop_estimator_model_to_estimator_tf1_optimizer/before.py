"""A Keras model compiled with a tf.train optimizer, then given to model_to_estimator:
Keras 3 takes only its own optimizers and TF 2.16 has no tf.train ones, so the pipeline is
reported with what to change (the rewrite once kept the optimizer and failed at compile)."""
import numpy as np
import tensorflow as tf


def input_fn():
    points = np.random.RandomState(0).uniform(size=(64, 3)).astype(np.float32)
    return tf.data.Dataset.from_tensor_slices((points, points.sum(axis=1, keepdims=True))).batch(16)


model = tf.keras.Sequential([tf.keras.layers.Dense(8, activation="relu", input_shape=(3,)),
                             tf.keras.layers.Dense(1)])
optimizer = tf.train.GradientDescentOptimizer(0.1)
model.compile(loss="mse", optimizer=optimizer)
estimator = tf.keras.estimator.model_to_estimator(keras_model=model)
estimator.train(input_fn, steps=20)
print(estimator.evaluate(input_fn))
