"""TF2 code: nothing for tfmigrate's rules or the upgrade script."""
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(8, activation="relu"), tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.Adam(0.01), loss="mse")
dataset = tf.data.Dataset.from_tensor_slices(([[0.0]] * 8, [[1.0]] * 8)).batch(4)
for features, targets in dataset:
    model.train_on_batch(features, targets)
