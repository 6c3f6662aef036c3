"""A Keras model compiled with a tf.train optimizer, then given to model_to_estimator, as TF
1.x guides did. Keras 2 wrapped the optimizer and trained with TF1's update; Keras 3 takes
only its own, so the optimizer becomes the Keras one with the same update (SGD here, Adam
with TF1's epsilon of 1e-8). The layers start from fixed weights."""
import numpy as np
import tensorflow as tf

POINTS = np.random.RandomState(0).uniform(size=(64, 3)).astype(np.float32)


def input_fn():
    return tf.data.Dataset.from_tensor_slices((POINTS, POINTS.sum(axis=1, keepdims=True))).batch(16)


model = tf.keras.Sequential([
    tf.keras.layers.Dense(8, activation="relu", input_shape=(3,), kernel_initializer=tf.keras.initializers.Constant(0.1)),
    tf.keras.layers.Dense(1, kernel_initializer=tf.keras.initializers.Constant(0.2))])
optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)
model.compile(loss="mse", optimizer=optimizer)
estimator = model
estimator.fit(input_fn(), steps_per_epoch=3)
print("eval", {**estimator.evaluate(input_fn(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})
