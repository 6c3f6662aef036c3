"""A Keras model given to model_to_estimator after tf.keras.backend.set_learning_phase(True),
as TF 1.x's Keras-with-Estimator example did: Keras 2 then ran every layer in the training
phase; Keras 3 has no learning phase to set, so the pipeline is reported."""
import numpy as np
import tensorflow as tf

POINTS = np.random.RandomState(0).uniform(size=(64, 3)).astype(np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, POINTS.sum(axis=1, keepdims=True))).batch(16)


model = tf.keras.Sequential([
    tf.keras.layers.Dense(8, activation="relu", input_shape=(3,), kernel_initializer=tf.keras.initializers.Constant(0.1)),
    tf.keras.layers.Dense(1, kernel_initializer=tf.keras.initializers.Constant(0.2))])
optimizer = tf.train.GradientDescentOptimizer(0.1)
model.compile(loss="mse", optimizer=optimizer)
tf.keras.backend.set_learning_phase(True)
estimator = tf.keras.estimator.model_to_estimator(keras_model=model)
estimator.train(input_fn, steps=3)
print("eval", estimator.evaluate(input_fn))
