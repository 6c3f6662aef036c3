import keras
import tensorflow as tf

# Grow GPU memory as needed instead of reserving all of it.
for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)

model = keras.models.Sequential([keras.layers.Dense(4, input_shape=(4,))])
model.compile("sgd", "mse")
